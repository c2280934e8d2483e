// The job a size run receives from run-bench.ts as one JSON argument, checked by zod.
import { z } from "zod";

export const sizeJobSchema = z.object({
  root: z.string(),
  size: z.number().int().positive(),
  seed: z.number().int(),
  toolOutputChars: z.tuple([z.number().int(), z.number().int()]),
  conversationFile: z.string(),
  truthFile: z.string(),
  agentDir: z.string(),
  resultsDir: z.string(),
  command: z.string(),
  tag: z.string().nullable(),
  describe: z.string(),
  /** Run the rebuild check (`kern reindex` and compare); `--no-rebuild` skips it. */
  rebuild: z.boolean().default(true),
  /** `--as`: the result is this shape of the size, kept beside the main one (size-N-NAME.json). */
  variant: z.string().nullable().default(null),
});

export type SizeJob = z.infer<typeof sizeJobSchema>;

/** Parses `--job JSON` from argv; throws a readable error otherwise. */
export function readJobArgument<T>(argv: string[], schema: z.ZodType<T>): T {
  const index = argv.indexOf("--job");
  const text = index === -1 ? undefined : argv[index + 1];
  if (text === undefined)
    throw new Error("missing --job JSON (this script is run by run-bench.ts)");
  return schema.parse(JSON.parse(text));
}

/** Budgets the report composes at: the default maxContextTokens and half of it. */
export const BUDGETS = [100_000, 50_000] as const;
/** Budgets of the reachability figures: also a small one (issue 15: 20k and 100k by decile). */
export const REACH_BUDGETS = [...BUDGETS, 20_000] as const;
/** Boundary tolerance of the segmentation F1, in messages (about one turn of this generator). */
export const BOUNDARY_TOLERANCE = 5;
/** Results per recall query: `kern recall`'s default, and the depth of recall@10. */
export const RECALL_K = 10;
/** Planted facts (and negatives) asked per size at most, evenly spread: bounds the 100k run. */
export const RECALL_MAX_FACTS = 150;
export const COMPOSE_UNCHANGED_CALLS = 1_000;
export const COMPOSE_NEW_MESSAGE_CALLS = 200;
export const PER_TURN_TURNS = 30;
