// The recall-assist key (issue 51, ADR 0004 round 23 bis), spread into the schema's top level: the
// chat model's optional help with explicit searches (the recall tool, `kern recall` through the
// daemon, the web UI, /recall). Off by default: a search makes no model call unless this says so.
import { z } from "zod";

const recallAssistSchema = z
  .object({
    rewrite: z
      .boolean()
      .default(false)
      .describe(
        "Before a search, one model call (summaryModel, else the chat model) rewrites the question into up to 3 queries in the words a history would use; their hits are fused with the question's.",
      ),
    rerank: z
      .boolean()
      .default(false)
      .describe(
        "After a search, one model call re-orders its first candidates by what answers the question.",
      ),
    candidates: z
      .number()
      .int()
      .min(2)
      .max(50)
      .default(20)
      .describe("How many of the first candidates the rerank call reads (each cut to 400 chars)."),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .default(15_000)
      .describe("One assist call's time limit; past it the search goes on without that call."),
  })
  .strict()
  .default({ rewrite: false, rerank: false, candidates: 20, timeoutMs: 15_000 });

export const recallAssistKeys = { recallAssist: recallAssistSchema };
