// The variants of bench/recall/variants.ts grouped by the change they measure, for the
// leave-one-out table of ADR 0004 (issue 51): each family names the variant without the change
// and the grid of its parameter.
import type { Family } from "./render-table.js";

/** Changes with a parameter, for the leave-one-out table: the variant without, and the grid. */
export const FAMILIES: Record<string, Family> = {
  "an echo asks in every sentence": { base: "kern", grid: ["kern", "echo-only-asking"] },
  "a result per run of one speaker": { base: "kern", grid: ["kern", "speaker-runs"] },
  "results a turn may hold": {
    base: "kern",
    grid: ["kern", "turn-results-2"],
  },
  "a result per run or two a turn, with an echo that tells": {
    base: "kern",
    grid: [
      "kern",
      "speaker-runs",
      "turn-results-2",
      "echo-only-asking",
      "speaker-runs-echo",
      "turn-results-2-echo",
    ],
  },
  "the meaning leg's weight, times the words the lexical leg lacks": {
    base: "no-meaning-leg",
    grid: ["meaning-missing-0.5", "meaning-missing-1"],
  },
  "the meaning leg's weight": {
    base: "no-meaning-leg",
    grid: ["meaning-leg-0.3", "meaning-leg-0.5", "meaning-leg-0.8"],
  },
  "the meaning leg's weight, times the words the lexical leg lacks, every other place at most": {
    base: "no-meaning-leg",
    grid: ["meaning-kept-0.5", "meaning-kept-1", "meaning-kept-1.5", "meaning-kept-2"],
  },
  "the meaning leg's weight, times the words the lexical leg lacks, every other place at most, a named speaker's messages by meaning":
    {
      base: "no-meaning-leg",
      grid: [
        "meaning-who-kept-0.5",
        "meaning-who-kept-1",
        "meaning-who-kept-1.5",
        "meaning-who-kept-2",
      ],
    },
  "a named speaker's messages by meaning, one place in 1 + the words missed": {
    base: "no-meaning-leg",
    grid: [
      "meaning-who-plus-0.5",
      "meaning-who-plus-1",
      "meaning-who-plus-1.5",
      "meaning-who-plus-2",
    ],
  },
  "the meaning leg on GloVe beside a sentence encoder's word vectors": {
    base: "kern",
    grid: [
      "meaning-use-lite-0.5",
      "meaning-use-lite-1",
      "meaning-use-lite-1.5",
      "meaning-use-lite-2",
    ],
  },
  "the vector leg's meaning on GloVe beside a sentence encoder's words": {
    base: "kern",
    grid: ["rerank-use-lite"],
  },
  "both on GloVe beside a sentence encoder's words": {
    base: "kern",
    grid: ["rerank-use-lite-meaning-1", "rerank-use-lite-meaning-1.5"],
  },
  "the meaning leg on a sentence encoder's vectors (bench only)": {
    base: "kern",
    grid: [
      "meaning-sentences-0.5",
      "meaning-sentences-1",
      "meaning-sentences-1.5",
      "meaning-sentences-2",
    ],
  },
  "the nearest re-ordered by crowding from another pool": {
    base: "kern",
    grid: ["meaning-hub-pool-1", "meaning-hub-pool-3", "meaning-hub-pool-4"],
  },
  "round 25's leg, its nearest re-ordered by crowding (CSLS)": {
    base: "no-meaning-leg",
    grid: ["meaning-who-hub-0.5", "meaning-who-hub-1", "meaning-who-hub-1.5", "meaning-who-hub-2"],
  },
  "the meaning leg's weight, times the words the lexical leg lacks, every other or third place at most":
    {
      base: "no-meaning-leg",
      grid: [
        "meaning-kept-0.5",
        "meaning-kept-1",
        "meaning-kept-1.5",
        "meaning-kept-2",
        "meaning-kept3-1",
        "meaning-kept3-1.5",
        "meaning-kept3-2",
        "meaning-kept3-3",
      ],
    },
  "the meaning leg's weight, times the words the lexical leg lacks, every third place at most": {
    base: "no-meaning-leg",
    grid: ["meaning-kept3-1", "meaning-kept3-1.5", "meaning-kept3-2", "meaning-kept3-3"],
  },
  "the meaning leg's weight, its places as many as the words miss": {
    base: "no-meaning-leg",
    grid: ["meaning-share-0.5", "meaning-share-1", "meaning-share-1.5", "meaning-share-2"],
  },
  "the meaning leg's weight times the words it lacks, its places as many as they miss": {
    base: "no-meaning-leg",
    grid: [
      "meaning-share-missing-0.5",
      "meaning-share-missing-1",
      "meaning-share-missing-1.5",
      "meaning-share-missing-2",
    ],
  },
  "a hit widens only the result shown last": {
    base: "kern",
    grid: [
      "kern",
      "widen-in-place-drop",
      "widen-in-place-own",
      "widen-in-place-drop-after",
      "widen-in-place-own-after",
    ],
  },
  "a later hit widens only the result shown last (no parameter)": {
    base: "kern",
    grid: ["widen-in-place-own-after"],
  },
  "the words a hit's segment summary adds, their weight (default segments)": {
    base: "kern",
    grid: ["segment-words-0.25", "segment-words-0.5", "segment-words-1"],
  },
  "the words a hit's segment summary adds where no hit holds the words together, their weight": {
    base: "kern",
    grid: ["segment-words-apart-0.5", "segment-words-apart-1", "segment-words-apart-2"],
  },
};
