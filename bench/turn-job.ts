// The job the turn-latency run receives from run-bench.ts, and its fixed parameters.
import { z } from "zod";

export const turnJobSchema = z.object({
  root: z.string(),
  seed: z.number().int(),
  workDir: z.string(),
  resultsDir: z.string(),
  command: z.string(),
});

export type TurnJob = z.infer<typeof turnJobSchema>;

/** History imported before the daemon starts (its summaries are written before measuring). */
export const TURN_HISTORY_MESSAGES = 2_000;
export const MEASURED_TURNS = 40;
export const WARMUP_TURNS = 3;
/** Pause between a turn's end and the next message: a fast human, and time for the worker. */
export const THINK_MS = 200;
/** Characters of each chat reply: ~2,000 tokens, so segments close during the run. */
export const REPLY_CHARS = 8_000;
export const SLOW_SUMMARY_MS = 5_000;
