// The ranking's rules, each turned off alone, for the per-rule table of ADR 0004: a variant
// patches the tuning objects and returns how to restore them.
import { RECALL_TUNING } from "../../src/memory/recall/recall.js";
import { SPEAKER_TUNING } from "../../src/memory/recall/speaker-prior.js";

type Patch = () => void;

export const VARIANTS: Record<string, Patch> = {
  kern: () => undefined,
  "no-dated-leg": () => {
    RECALL_TUNING.dated = { ...RECALL_TUNING.dated, weight: 0 };
  },
  "dated-1": () => {
    RECALL_TUNING.dated = { ...RECALL_TUNING.dated, weight: 1 };
  },
  "dated-day-only": () => {
    RECALL_TUNING.dated = { ...RECALL_TUNING.dated, daysAfter: 0 };
  },
  "no-nearby-words": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, weight: 0 };
  },
  "nearby-vectors-stay": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, vectorsAbstain: false };
  },
  "nearby-densest-1": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, densest: 1 };
  },
  "nearby-densest-0.25": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, densest: 0.25 };
  },
  "no-now-words": () => {
    RECALL_TUNING.nowWords = false;
  },
  "nearby-always": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, belowCoverage: 1.01 };
  },
  "nearby-no-burst": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, burst: 0 };
  },
  "nearby-0.4": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, weight: 0.4 };
  },
  "nearby-0.8": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, weight: 0.8 };
  },
  "nearby-30-8": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, before: 30, after: 8 };
  },
  "no-speaker-prior": () => {
    SPEAKER_TUNING.firstPersonUser = 1;
  },
  "no-tool-output-weight": () => {
    SPEAKER_TUNING.toolOutput = 1;
  },
  "no-newest-first": () => {
    RECALL_TUNING.latestFirst = false;
    RECALL_TUNING.recency = 0;
  },
  "no-synonyms": () => {
    RECALL_TUNING.synonyms = false;
  },
  "adjacent-0.2": () => {
    RECALL_TUNING.adjacent = 0.2;
  },
  "vectors-when-complete": () => {
    RECALL_TUNING.vectorMaxCoverage = 2;
  },
  "no-answer-cues": () => {
    RECALL_TUNING.answerCues = false;
  },
  "no-widening": () => {
    RECALL_TUNING.widen = false;
  },
  "vectors-when-named": () => {
    RECALL_TUNING.vectorsWhenSpeakerNamed = true;
  },
  "vectors-on-when": () => {
    RECALL_TUNING.vectorsOnWhen = true;
  },
  "widen-within-2": () => {
    RECALL_TUNING.widenWithin = 2;
  },
  "widen-within-4": () => {
    RECALL_TUNING.widenWithin = 4;
  },
  "bridge-0.5": () => {
    RECALL_TUNING.bridge = 0.5;
  },
  "no-vector-leg": () => {
    RECALL_TUNING.lexicalVectorWeight = 0;
  },
  "vector-0.3": () => {
    RECALL_TUNING.lexicalVectorWeight = 0.3;
  },
  "no-context-field": () => {
    RECALL_TUNING.fields = { ...RECALL_TUNING.fields, context: 0 };
  },
  "context-0.25": () => {
    RECALL_TUNING.fields = { ...RECALL_TUNING.fields, context: 0.25 };
  },
  "context-0.6": () => {
    RECALL_TUNING.fields = { ...RECALL_TUNING.fields, context: 0.6 };
  },
  "speaker-0.6": () => {
    RECALL_TUNING.fields = { ...RECALL_TUNING.fields, speaker: 0.6 };
  },
  "no-speaker-names": () => {
    RECALL_TUNING.speakerNames = false;
  },
  "no-coverage": () => {
    RECALL_TUNING.coverage = 0;
  },
  "no-echo": () => {
    RECALL_TUNING.echo = 1;
  },
  "vector-text-weight": () => {
    RECALL_TUNING.vectorTextWeight = true;
  },
  "round-6": () => {
    RECALL_TUNING.coverage = 0;
    RECALL_TUNING.echo = 1;
    RECALL_TUNING.vectorTextWeight = false;
  },
  "vector-keep-100": () => {
    RECALL_TUNING.vectorKeep = 100;
  },
  "score-fusion-0.7": () => {
    RECALL_TUNING.scoreFusion = 0.7;
    RECALL_TUNING.vectorKeep = 100;
  },
  "score-fusion-1": () => {
    RECALL_TUNING.scoreFusion = 1;
    RECALL_TUNING.vectorKeep = 100;
  },
  "abstain-within-3": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, abstainWithin: 3 };
  },
  "abstain-within-5": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, abstainWithin: 5 };
  },
  "abstain-within-10": () => {
    RECALL_TUNING.nearby = { ...RECALL_TUNING.nearby, abstainWithin: 10 };
  },
  "vector-weight-0.6": () => {
    RECALL_TUNING.lexicalVectorWeight = 0.6;
  },
  "vector-weight-0.7": () => {
    RECALL_TUNING.lexicalVectorWeight = 0.7;
  },
  "rrf-10": () => {
    RECALL_TUNING.rrfK = 10;
  },
  "rrf-30": () => {
    RECALL_TUNING.rrfK = 30;
  },
  "meaning-0.25": () => {
    RECALL_TUNING.meaning = 0.25;
  },
  "meaning-0.75": () => {
    RECALL_TUNING.meaning = 0.75;
  },
  "meaning-1": () => {
    RECALL_TUNING.meaning = 1;
  },
  "no-phrase-first": () => {
    RECALL_TUNING.phraseFirst = false;
  },
  "vectors-always": () => {
    RECALL_TUNING.vectorMinCoverage = 0;
  },
  "vectors-coverage-0.5": () => {
    RECALL_TUNING.vectorMinCoverage = 0.5;
  },
};

/** Applies a variant; the returned function puts every knob back. */
export function applyVariant(name: string): () => void {
  const recallSaved = { ...RECALL_TUNING };
  const speakerSaved = { ...SPEAKER_TUNING };
  VARIANTS[name]?.();
  return () => {
    Object.assign(RECALL_TUNING, recallSaved);
    Object.assign(SPEAKER_TUNING, speakerSaved);
  };
}
