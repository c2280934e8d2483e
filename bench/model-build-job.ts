// The job the model-backed build run receives from run-bench.ts, and its fixed parameters.
import { z } from "zod";

export const modelBuildJobSchema = z.object({
  root: z.string(),
  seed: z.number().int(),
  workDir: z.string(),
  resultsDir: z.string(),
  command: z.string(),
});

export type ModelBuildJob = z.infer<typeof modelBuildJobSchema>;

/** 20k messages with tool outputs of 200–2,000 characters: ~1.9M tokens, the size issue 17 names. */
export const MODEL_BUILD_MESSAGES = 20_000;
export const MODEL_BUILD_TOOL_CHARS: [number, number] = [200, 2_000];
/** Every fake model call (summary or embeddings) answers after this long: a hosted model's pace. */
export const MODEL_LATENCY_MS = 300;
/** Issue 17's bar: summary calls per million input tokens. */
export const CALLS_PER_MILLION_TARGET = 75;
