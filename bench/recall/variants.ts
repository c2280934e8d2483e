// The ranking's rules, each turned off alone (or set otherwise), for the per-rule table of ADR
// 0004: a variant patches a copy of the default tuning, which recall takes as an option.
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "../../src/memory/recall/recall.js";
import type { TreeOptions } from "./build-tree.js";

type Patch = (t: RecallTuning) => void;

/**
 * The meaning leg as it was until round 26 turned it on: off. The meaning variants of rounds
 * 19–25 start from it, so they measure what they measured then.
 */
const MEANING_OFF: RecallTuning["meaningLeg"] = {
  ...DEFAULT_RECALL_TUNING.meaningLeg,
  weight: 0,
  byMissing: false,
  keepPlaces: 0,
  whoSaid: false,
  hubness: false,
};

/** Round 25: round 24's leg, its stride 1 + the share of words the best lexical hit lacks. */
const whoPlus =
  (weight: number): Patch =>
  (t) => {
    const stride = "plus-missing" as const;
    t.meaningLeg = { ...MEANING_OFF, weight, byMissing: true, keepPlaces: stride, whoSaid: true };
  };

/** Round 26: round 25's leg with its nearest re-ordered by crowding (CSLS). */
const whoHub =
  (weight: number): Patch =>
  (t) => {
    whoPlus(weight)(t);
    t.meaningLeg = { ...t.meaningLeg, hubness: true };
  };

/** Round 28: the default leg at `weight` (its vectors from VECTORS below). */
const legAt =
  (weight: number): Patch =>
  (t) => {
    t.meaningLeg = { ...t.meaningLeg, weight };
  };

/** Where a variant's vectors come from when not from the shipped word table (round 28). */
export interface VariantVectors {
  /** The meaning leg's: a sentence encoder's (sentence-vectors.ts) or the joined table's. */
  meaning?: "sentences" | "joined";
  /** The vector leg's meaning: the joined table (meaning-table.ts). */
  rerank?: "joined";
}

const VECTORS: Record<string, VariantVectors> = {
  "meaning-sentences-0.5": { meaning: "sentences" },
  "meaning-sentences-1": { meaning: "sentences" },
  "meaning-sentences-1.5": { meaning: "sentences" },
  "meaning-sentences-2": { meaning: "sentences" },
  "meaning-sentences-open-1": { meaning: "sentences" },
  "meaning-sentences-free-1": { meaning: "sentences" },
  "meaning-use-lite-0.5": { meaning: "joined" },
  "meaning-use-lite-1": { meaning: "joined" },
  "meaning-use-lite-1.5": { meaning: "joined" },
  "meaning-use-lite-2": { meaning: "joined" },
  "rerank-use-lite": { rerank: "joined" },
  "rerank-use-lite-meaning-1": { meaning: "joined", rerank: "joined" },
  "rerank-use-lite-meaning-1.5": { meaning: "joined", rerank: "joined" },
};

/** A variant's vectors other than the shipped word table's (none for most). */
export const vectorsOf = (variant: string): VariantVectors => VECTORS[variant] ?? {};

export const VARIANTS: Record<string, Patch> = {
  kern: () => undefined,
  "no-meaning-leg": (t) => {
    t.meaningLeg = MEANING_OFF;
  },
  "echo-only-asking": (t) => {
    t.echoOnlyAsking = true;
  },
  "speaker-runs": (t) => {
    t.resultUnit = "run";
  },
  "turn-results-2": (t) => {
    t.turnResults = 2;
  },
  "turn-results-3": (t) => {
    t.turnResults = 3;
  },
  "turn-results-2-echo": (t) => {
    t.turnResults = 2;
    t.echoOnlyAsking = true;
  },
  "speaker-runs-echo": (t) => {
    t.resultUnit = "run";
    t.echoOnlyAsking = true;
  },
  "meaning-missing-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5, byMissing: true };
  },
  "meaning-missing-0.8": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.8, byMissing: true };
  },
  "meaning-missing-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, byMissing: true };
  },
  "meaning-missing-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, byMissing: true };
  },
  "widen-in-place-drop": (t) => {
    t.widenInPlace = "drop";
  },
  "widen-in-place-own": (t) => {
    t.widenInPlace = "own";
  },
  "widen-in-place-drop-after": (t) => {
    t.widenInPlace = "drop-after";
  },
  "widen-in-place-own-after": (t) => {
    t.widenInPlace = "own-after";
  },
  "meaning-kept-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5, byMissing: true, keepPlaces: 2 };
  },
  "meaning-kept-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, byMissing: true, keepPlaces: 2 };
  },
  "meaning-kept-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, byMissing: true, keepPlaces: 2 };
  },
  "meaning-kept-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, byMissing: true, keepPlaces: 2 };
  },
  "meaning-who-kept-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5, byMissing: true, keepPlaces: 2, whoSaid: true };
  },
  "meaning-who-kept-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, byMissing: true, keepPlaces: 2, whoSaid: true };
  },
  "meaning-who-kept-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, byMissing: true, keepPlaces: 2, whoSaid: true };
  },
  "meaning-who-plus-0.5": whoPlus(0.5),
  "meaning-who-plus-1": whoPlus(1),
  "meaning-who-plus-1.5": whoPlus(1.5),
  "meaning-who-plus-2": whoPlus(2),
  "meaning-who-plus-4": whoPlus(4),
  "meaning-who-plus-1000": whoPlus(1000),
  "meaning-who-hub-0.5": whoHub(0.5),
  "meaning-who-hub-1": whoHub(1),
  "meaning-who-hub-1.5": whoHub(1.5),
  "meaning-who-hub-2": whoHub(2),
  "meaning-hub-pool-1": (t) => {
    t.meaningLeg = { ...t.meaningLeg, hubPool: 1 };
  },
  "meaning-hub-pool-3": (t) => {
    t.meaningLeg = { ...t.meaningLeg, hubPool: 3 };
  },
  "meaning-hub-pool-4": (t) => {
    t.meaningLeg = { ...t.meaningLeg, hubPool: 4 };
  },
  // Round 28: the default leg on a sentence encoder's vectors (sentence-vectors.ts), four weights.
  "meaning-sentences-0.5": legAt(0.5),
  "meaning-sentences-1": legAt(1),
  "meaning-sentences-1.5": legAt(1.5),
  "meaning-sentences-2": legAt(2),
  // …its weight not scaled by the words the lexical leg misses; then its places not bounded.
  "meaning-sentences-open-1": (t) => {
    t.meaningLeg = { ...t.meaningLeg, byMissing: false };
  },
  "meaning-sentences-free-1": (t) => {
    t.meaningLeg = { ...t.meaningLeg, byMissing: false, keepPlaces: 0 };
  },
  // Round 28: the same on GloVe beside the encoder's words (meaning-table.ts).
  "meaning-use-lite-0.5": legAt(0.5),
  "meaning-use-lite-1": legAt(1),
  "meaning-use-lite-1.5": legAt(1.5),
  "meaning-use-lite-2": legAt(2),
  // Round 28: the vector leg's meaning on the same table (run-yardsticks.ts), with the leg's too.
  "rerank-use-lite": () => undefined,
  "rerank-use-lite-meaning-1": legAt(1),
  "rerank-use-lite-meaning-1.5": legAt(1.5),
  "meaning-who-kept-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, byMissing: true, keepPlaces: 2, whoSaid: true };
  },
  "meaning-kept-plain-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, keepPlaces: 2 };
  },
  "meaning-kept-plain-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, keepPlaces: 2 };
  },
  "meaning-share-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5, keepPlaces: "missing" };
  },
  "meaning-share-missing-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5, byMissing: true, keepPlaces: "missing" };
  },
  "meaning-share-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, keepPlaces: "missing" };
  },
  "meaning-share-missing-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, byMissing: true, keepPlaces: "missing" };
  },
  "meaning-share-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, keepPlaces: "missing" };
  },
  "meaning-share-missing-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, byMissing: true, keepPlaces: "missing" };
  },
  "meaning-share-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, keepPlaces: "missing" };
  },
  "meaning-share-missing-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, byMissing: true, keepPlaces: "missing" };
  },
  "meaning-kept3-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1, byMissing: true, keepPlaces: 3 };
  },
  "meaning-kept3-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5, byMissing: true, keepPlaces: 3 };
  },
  "meaning-kept3-2": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 2, byMissing: true, keepPlaces: 3 };
  },
  "meaning-kept3-3": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 3, byMissing: true, keepPlaces: 3 };
  },
  months: (t) => {
    t.dated = { ...t.dated, months: true };
  },
  relative: (t) => {
    t.dated = { ...t.dated, relative: true };
  },
  "feedback-0.3": (t) => {
    t.feedback = { ...t.feedback, weight: 0.3 };
  },
  "feedback-0.5": (t) => {
    t.feedback = { ...t.feedback, weight: 0.5 };
  },
  "feedback-0.8": (t) => {
    t.feedback = { ...t.feedback, weight: 0.8 };
  },
  "speaker-aliases": (t) => {
    t.speakerAliases = true;
  },
  "per-message": (t) => {
    t.oneResultPerTurn = false;
  },
  "meaning-leg-0.3": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.3 };
  },
  "meaning-leg-0.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.5 };
  },
  "meaning-leg-0.8": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 0.8 };
  },
  "meaning-leg-1": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1 };
  },
  "meaning-leg-1.5": (t) => {
    t.meaningLeg = { ...MEANING_OFF, weight: 1.5 };
  },
  "common-component": (t) => {
    t.commonComponent = true;
  },
  "no-dated-leg": (t) => {
    t.dated = { ...t.dated, weight: 0 };
  },
  "dated-1": (t) => {
    t.dated = { ...t.dated, weight: 1 };
  },
  "dated-day-only": (t) => {
    t.dated = { ...t.dated, daysAfter: 0 };
  },
  "no-nearby-words": (t) => {
    t.nearby = { ...t.nearby, weight: 0 };
  },
  "nearby-vectors-stay": (t) => {
    t.nearby = { ...t.nearby, vectorsAbstain: false };
  },
  "nearby-densest-1": (t) => {
    t.nearby = { ...t.nearby, densest: 1 };
  },
  "nearby-densest-0.25": (t) => {
    t.nearby = { ...t.nearby, densest: 0.25 };
  },
  "no-now-words": (t) => {
    t.nowWords = false;
  },
  "nearby-always": (t) => {
    t.nearby = { ...t.nearby, belowCoverage: 1.01 };
  },
  "nearby-no-burst": (t) => {
    t.nearby = { ...t.nearby, burst: 0 };
  },
  "nearby-0.4": (t) => {
    t.nearby = { ...t.nearby, weight: 0.4 };
  },
  "nearby-0.8": (t) => {
    t.nearby = { ...t.nearby, weight: 0.8 };
  },
  "nearby-30-8": (t) => {
    t.nearby = { ...t.nearby, before: 30, after: 8 };
  },
  "no-speaker-prior": (t) => {
    t.speaker.firstPersonUser = 1;
  },
  "no-tool-output-weight": (t) => {
    t.speaker.toolOutput = 1;
  },
  "no-newest-first": (t) => {
    t.latestFirst = false;
    t.recency = 0;
  },
  "no-synonyms": (t) => {
    t.synonyms = false;
  },
  "vectors-when-complete": (t) => {
    t.vectorMaxCoverage = 2;
  },
  "no-answer-cues": (t) => {
    t.answerCues = false;
  },
  "no-widening": (t) => {
    t.widen = false;
  },
  "vectors-when-named": (t) => {
    t.vectorsWhenSpeakerNamed = true;
  },
  "vectors-on-when": (t) => {
    t.vectorsOnWhen = true;
  },
  "widen-within-2": (t) => {
    t.widenWithin = 2;
  },
  "widen-within-4": (t) => {
    t.widenWithin = 4;
  },
  "no-vector-leg": (t) => {
    t.lexicalVectorWeight = 0;
  },
  "vector-0.3": (t) => {
    t.lexicalVectorWeight = 0.3;
  },
  "no-context-field": (t) => {
    t.fields = { ...t.fields, context: 0 };
  },
  "context-0.25": (t) => {
    t.fields = { ...t.fields, context: 0.25 };
  },
  "context-0.3": (t) => {
    t.fields = { ...t.fields, context: 0.3 };
  },
  "context-0.6": (t) => {
    t.fields = { ...t.fields, context: 0.6 };
  },
  "speaker-0.6": (t) => {
    t.fields = { ...t.fields, speaker: 0.6 };
  },
  "no-speaker-names": (t) => {
    t.speakerNames = false;
  },
  "no-coverage": (t) => {
    t.coverage = 0;
  },
  "no-echo": (t) => {
    t.echo = 1;
  },
  "vector-keep-100": (t) => {
    t.vectorKeep = 100;
  },
  "abstain-within-3": (t) => {
    t.nearby = { ...t.nearby, abstainWithin: 3 };
  },
  "abstain-within-5": (t) => {
    t.nearby = { ...t.nearby, abstainWithin: 5 };
  },
  "abstain-within-10": (t) => {
    t.nearby = { ...t.nearby, abstainWithin: 10 };
  },
  "vector-weight-0.6": (t) => {
    t.lexicalVectorWeight = 0.6;
  },
  "vector-weight-0.7": (t) => {
    t.lexicalVectorWeight = 0.7;
  },
  "rrf-10": (t) => {
    t.rrfK = 10;
  },
  "rrf-30": (t) => {
    t.rrfK = 30;
  },
  "meaning-0.25": (t) => {
    t.meaning = 0.25;
  },
  "meaning-0.75": (t) => {
    t.meaning = 0.75;
  },
  "meaning-1": (t) => {
    t.meaning = 1;
  },
  "no-phrase-first": (t) => {
    t.phraseFirst = false;
  },
  "vectors-always": (t) => {
    t.vectorMinCoverage = 0;
  },
  "vectors-coverage-0.5": (t) => {
    t.vectorMinCoverage = 0.5;
  },
  // Round 23: the memory tree as document expansion (segment-expansion.ts). (The segment leg's
  // variants, segment-0.3 / 0.5 / 1 and segment-small-0.5, were removed with its code.)
  "segment-words-0.25": (t) => {
    t.segmentWords = { ...t.segmentWords, weight: 0.25 };
  },
  "segment-words-0.5": (t) => {
    t.segmentWords = { ...t.segmentWords, weight: 0.5 };
  },
  "segment-words-1": (t) => {
    t.segmentWords = { ...t.segmentWords, weight: 1 };
  },
  "segment-words-apart-0.5": (t) => {
    t.segmentWords = { weight: 0.5, apart: true };
  },
  "segment-words-apart-1": (t) => {
    t.segmentWords = { weight: 1, apart: true };
  },
  "segment-words-apart-2": (t) => {
    t.segmentWords = { weight: 2, apart: true };
  },
  "segment-words-small-0.5": (t) => {
    t.segmentWords = { ...t.segmentWords, weight: 0.5 };
  },
};

/**
 * The variants that read the memory tree, and how it is built for them (build-tree.ts): the
 * product's default segments, or (`small`, a labelled second row) segments of ~2,000 tokens.
 */
const TREES: Record<string, TreeOptions> = {
  "segment-words-0.25": {},
  "segment-words-0.5": {},
  "segment-words-1": {},
  "segment-words-apart-0.5": {},
  "segment-words-apart-1": {},
  "segment-words-apart-2": {},
  "segment-words-small-0.5": { targetTokens: 2_000 },
};

/** The tree a variant's agents are built with, if it reads one. */
export function treeOf(name: string): TreeOptions | undefined {
  return TREES[name];
}

/** The tuning of a variant: a copy of the defaults with its patch applied. */
export function tuningOf(name: string): RecallTuning {
  const tuning: RecallTuning = structuredClone(DEFAULT_RECALL_TUNING);
  VARIANTS[name]?.(tuning);
  return tuning;
}
