// Config keys that bound what tools hand back (issue 33 item 8: a 20 MB result was stored,
// indexed and streamed whole; a 100 MB `read` likewise). Spread into the schema's top level.
import { z } from "zod";

/** First and last bytes kept of a long tool result: a whole `read` part (below) stays under twice it. */
const DEFAULT_TOOL_OUTPUT_KEEP_BYTES = 40_960;
/** Most bytes one `read` call returns. */
const DEFAULT_READ_MAX_BYTES = 65_536;

export const toolLimitKeys = {
  toolOutputKeepBytes: z
    .number()
    .int()
    .min(1_024)
    .max(1_048_576)
    // A file read part by part reaches the model whole; only larger results are cut.
    .default(DEFAULT_TOOL_OUTPUT_KEEP_BYTES)
    .describe(
      "A tool result past twice this is kept as its first and last this many bytes; the whole goes to .kern/tool-output/. Keep twice this above readMaxBytes.",
    ),
  readMaxBytes: z
    .number()
    .int()
    .min(4_096)
    .max(16_777_216)
    .default(DEFAULT_READ_MAX_BYTES)
    .describe("Most bytes one `read` call returns; it says how to read on (offset)."),
};
