// Decides where facts are planted and which statement goes into which message. Planting slots
// are spread evenly over the whole conversation (~1 per 150 messages, at least 30 for 2k); a
// multi-statement fact reserves later slots for its later statements, so updates come weeks after.
import { makeDatedEvent, makeDecision, makeIdentifier } from "./fact-makers.js";
import { makeTwoHop, makeUpdatedValue } from "./fact-makers-multi.js";
import { makeNegativeFacts } from "./fact-negatives.js";
import { FactRegistry } from "./fact-registry.js";
import type { FactMaker, PlannedFact } from "./planned-fact.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";
import type { GroundTruthFact } from "./types.js";

export interface FactPlanterOptions {
  random: Random;
  messageCount: number;
  startMs: number;
}

/** How far ahead (in slots) a later statement of the same fact may land. */
const MAX_SPREAD = 24;

/**
 * One bag of 20 draws: identifiers 6, decisions 4, updated values 4, dated events 3, two-hop 3.
 * Drawing from shuffled bags (not independent rolls) keeps every kind near its share at any size.
 */
const MAKER_BAG: readonly FactMaker[] = [
  ...Array<FactMaker>(6).fill(makeIdentifier),
  ...Array<FactMaker>(4).fill(makeDecision),
  ...Array<FactMaker>(4).fill(makeUpdatedValue),
  ...Array<FactMaker>(3).fill(makeDatedEvent),
  ...Array<FactMaker>(3).fill(makeTwoHop),
];

const FALLBACK_MAKERS: FactMaker[] = [makeIdentifier, makeDatedEvent, makeDecision];

/** ~1 slot per 150 messages, but at least 30 for a 2k conversation (1 per 40 below that). */
export function countSlots(messageCount: number): number {
  return Math.max(Math.ceil(messageCount / 150), Math.min(30, Math.floor(messageCount / 40)));
}

interface PlantingFact {
  plan: PlannedFact;
  seqs: number[];
  /** The topic of the block where the first statement landed. */
  topic: Topic;
}

/** Lead-ins for a later statement that lands in another topic's block, so it reads as an aside. */
const ASIDES = [
  "Quick aside on {name}.",
  "Unrelated, but about {name}.",
  "Back to {name} for a second.",
];

export class FactPlanter {
  private readonly targets: number[] = [];
  private readonly reservations = new Map<number, { fact: PlantingFact; part: number }>();
  private readonly facts: PlantingFact[] = [];
  private readonly registry = new FactRegistry();
  private nextSlot = 0;
  private bag: FactMaker[] = [];

  constructor(private readonly options: FactPlanterOptions) {
    const count = countSlots(options.messageCount);
    const spacing = options.messageCount / count;
    for (let slot = 0; slot < count; slot += 1) {
      // Jitter of ±0.3 slot keeps targets ordered while avoiding a visibly regular grid.
      const jitter = (options.random.next() - 0.5) * 0.6;
      this.targets.push(Math.max(0, Math.floor((slot + 0.5 + jitter) * spacing)));
    }
  }

  /** Call for each message able to carry a statement, in seq order; returns the sentence to add. */
  statementFor(seq: number, topic: Topic): string | undefined {
    const target = this.targets[this.nextSlot];
    if (target === undefined || seq < target) return undefined;
    const slot = this.nextSlot;
    this.nextSlot += 1;
    const reserved = this.reservations.get(slot);
    if (reserved !== undefined) {
      const { fact, part } = reserved;
      fact.seqs.push(seq);
      const statement = fact.plan.statements[part] as string;
      if (fact.topic.id === topic.id) return statement;
      return `${this.options.random.pick(ASIDES).replace("{name}", fact.topic.name)} ${statement}`;
    }
    const fact = this.startFact(slot, topic);
    if (fact === undefined) return undefined;
    fact.seqs.push(seq);
    return fact.plan.statements[0];
  }

  private startFact(slot: number, topic: Topic): PlantingFact | undefined {
    const { random, startMs } = this.options;
    const context = { random, topic, registry: this.registry, startMs };
    if (this.bag.length === 0) this.bag = random.sample(MAKER_BAG, MAKER_BAG.length);
    const chosen = this.bag.pop() as FactMaker;
    for (const maker of [chosen, ...FALLBACK_MAKERS]) {
      const plan = maker(context);
      if (plan === undefined) continue;
      const laterSlots = this.reserveLaterSlots(slot, plan.statements.length - 1);
      if (laterSlots === undefined) continue;
      const fact: PlantingFact = { plan, seqs: [], topic };
      laterSlots.forEach((later, index) => {
        this.reservations.set(later, { fact, part: index + 1 });
      });
      this.facts.push(fact);
      return fact;
    }
    return undefined;
  }

  private reserveLaterSlots(slot: number, count: number): number[] | undefined {
    if (count === 0) return [];
    const free: number[] = [];
    const last = Math.min(this.targets.length - 1, slot + MAX_SPREAD);
    for (let later = slot + 1; later <= last; later += 1) {
      if (!this.reservations.has(later)) free.push(later);
    }
    if (free.length < count) return undefined;
    return this.options.random.sample(free, count).sort((left, right) => left - right);
  }

  /** Every fully planted fact, then negatives about subjects never planted, numbered in order. */
  finish(topics: readonly Topic[]): GroundTruthFact[] {
    const planted = this.facts
      .filter((fact) => fact.seqs.length === fact.plan.statements.length)
      .map(({ plan, seqs }): Omit<GroundTruthFact, "id"> => {
        const truth = {
          kind: plan.kind,
          key: plan.key,
          seq: seqs[plan.answerIndex] as number,
          seqs: [...seqs],
          question: plan.question,
          rewordedQuestion: plan.rewordedQuestion,
          answer: plan.answer,
        };
        return plan.staleAnswers === undefined
          ? truth
          : { ...truth, staleAnswers: plan.staleAnswers };
      });
    const negatives = makeNegativeFacts({
      random: this.options.random,
      registry: this.registry,
      topics,
      startMs: this.options.startMs,
      count: Math.max(3, Math.round(planted.length * 0.15)),
    });
    return [...planted, ...negatives].map((fact, index) => ({
      id: `fact-${String(index + 1).padStart(3, "0")}`,
      ...fact,
    }));
  }
}
