// A fact before it is planted: its statements in planting order and its truth fields.

import type { FactRegistry } from "./fact-registry.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";
import type { FactKind } from "./types.js";

export type PlantedKind = Exclude<FactKind, "negative">;

export interface PlannedFact {
  kind: PlantedKind;
  key: string;
  question: string;
  rewordedQuestion: string;
  answer: string;
  staleAnswers?: string[];
  /** Full sentences, planted in this order at increasing message indexes. */
  statements: string[];
  /** Index into `statements` of the one stating `answer` (the latest value). */
  answerIndex: number;
}

/** What a fact maker may draw on; makers return undefined when their subjects are used up. */
export interface FactContext {
  random: Random;
  /** The topic of the block the first statement lands in. */
  topic: Topic;
  registry: FactRegistry;
  /** Time of the first message; event dates are placed relative to it. */
  startMs: number;
}

export type FactMaker = (context: FactContext) => PlannedFact | undefined;

/** Replaces `{name}` placeholders from a record (every placeholder must be present). */
export function fillFields(template: string, fields: Record<string, string>): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (match, name: string) => fields[name] ?? match);
}

/** Tries `attempt` a few times: subjects are drawn at random and may already be taken. */
export function firstDefined<T>(attempt: () => T | undefined, tries = 12): T | undefined {
  for (let index = 0; index < tries; index += 1) {
    const result = attempt();
    if (result !== undefined) return result;
  }
  return undefined;
}
