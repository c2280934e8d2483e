// Config keys that bound what tools hand back (issue 33 item 8: a 20 MB result was stored,
// indexed and streamed whole; a 100 MB `read` likewise). Spread into the schema's top level.
import { z } from "zod";

export const toolLimitKeys = {
  toolOutputKeepBytes: z
    .number()
    .int()
    .min(1_024)
    .max(1_048_576)
    // 40 KB: a whole `read` part (readMaxBytes, 64 KB, plus its note) stays under twice this, so
    // a file read part by part reaches the model whole; only larger results are cut.
    .default(40_960)
    .describe(
      "A tool result past twice this is kept as its first and last this many bytes; the whole goes to .kern/tool-output/. Keep twice this above readMaxBytes.",
    ),
  readMaxBytes: z
    .number()
    .int()
    .min(4_096)
    .max(16_777_216)
    .default(65_536)
    .describe("Most bytes one `read` call returns; it says how to read on (offset)."),
};
