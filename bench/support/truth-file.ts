// Reads a ground-truth file written by the generator (bench/generator) into the fields the
// benchmarks score against, checked by zod at the edge.
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { FactKind } from "../generator/index.js";

const FACT_KINDS = [
  "identifier",
  "decision",
  "updated-value",
  "dated-event",
  "two-hop",
  "negative",
] as const satisfies readonly FactKind[];

const factSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(FACT_KINDS),
  key: z.string(),
  seq: z.number().int(),
  seqs: z.array(z.number().int()),
  question: z.string(),
  rewordedQuestion: z.string(),
  answer: z.string(),
  staleAnswers: z.array(z.string()).optional(),
});

const truthSchema = z.looseObject({
  seed: z.number().int(),
  messageCount: z.number().int(),
  topicBoundaries: z.array(z.number().int()),
  facts: z.array(factSchema),
});

export type TruthFact = z.infer<typeof factSchema>;
export type Truth = z.infer<typeof truthSchema>;

export function readTruthFile(path: string): Truth {
  return truthSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}

/** Facts that were planted (every kind but `negative`). */
export function plantedFacts(truth: Truth): TruthFact[] {
  return truth.facts.filter((fact) => fact.kind !== "negative");
}
