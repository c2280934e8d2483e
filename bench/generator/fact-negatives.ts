// Questions about facts that were never planted: a fresh subject and a fresh answer that appears
// nowhere in the conversation. A good memory says "not found" instead of guessing.
import { makeDatedEvent, makeIdentifier } from "./fact-makers.js";
import { makeTwoHop } from "./fact-makers-multi.js";
import type { FactRegistry } from "./fact-registry.js";
import type { FactMaker } from "./planned-fact.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";
import type { GroundTruthFact } from "./types.js";

export interface MakeNegativeFactsOptions {
  random: Random;
  registry: FactRegistry;
  topics: readonly Topic[];
  startMs: number;
  count: number;
}

const NEGATIVE_MAKERS: FactMaker[] = [makeIdentifier, makeIdentifier, makeDatedEvent, makeTwoHop];

/** Facts without ids (the caller numbers them); uses the makers so keys and answers stay unique. */
export function makeNegativeFacts(
  options: MakeNegativeFactsOptions,
): Omit<GroundTruthFact, "id">[] {
  const { random, registry, topics, startMs } = options;
  const facts: Omit<GroundTruthFact, "id">[] = [];
  for (let attempt = 0; facts.length < options.count && attempt < options.count * 4; attempt += 1) {
    const topic = random.pick(topics);
    const planned = random.pick(NEGATIVE_MAKERS)({ random, topic, registry, startMs });
    if (planned === undefined) continue;
    facts.push({
      kind: "negative",
      key: planned.key,
      seq: -1,
      seqs: [],
      question: planned.question,
      rewordedQuestion: planned.rewordedQuestion,
      answer: planned.answer,
    });
  }
  return facts;
}
