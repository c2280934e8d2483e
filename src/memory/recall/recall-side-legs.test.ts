// The meaning leg's weight (recall-side-legs.ts): fixed, or, with `byMissing`, as large as the
// share of the question's words the best lexical hit lacks, and as sure as the search is of
// its best (how far it stands above chance, or how far the lexical first hit ranks below it).
import { describe, expect, it } from "vitest";
import type { MeaningHits } from "./meaning-index.js";
import {
  meaningConfidence,
  meaningStride,
  meaningWeight,
  missingShare,
  normalCdf,
} from "./recall-side-legs.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";
import type { LexicalLeg } from "./recall-types.js";

const leg: LexicalLeg = {
  fts: [1],
  heads: [
    {
      id: 1,
      session: "s",
      seq: 0,
      ts: "2026-03-01T08:00:00.000Z",
      role: "user",
      content: "My doctor says my sugar is too high.",
      tokens: 10,
    },
  ],
  terms: ["doctor", "sugar", "dessert", "skip"],
  roleWeight: () => 1,
  speakers: new Set(),
  lifted: new Set(),
  asksWhen: false,
};

function tuned(byMissing: boolean): RecallTuning {
  const tuning = structuredClone(DEFAULT_RECALL_TUNING) as RecallTuning;
  tuning.meaningLeg = { ...tuning.meaningLeg, weight: 0.8, byMissing };
  return tuning;
}

describe("the meaning leg's weight", () => {
  it("is the tuning's weight unless it follows the words the lexical leg lacks", () => {
    expect(meaningWeight(leg, tuned(false))).toBe(0.8);
  });

  it("shrinks as the best lexical hit holds more of the question's words", () => {
    // The best hit holds two of four words: the leg counts half its weight.
    expect(meaningWeight(leg, tuned(true))).toBeCloseTo(0.4);
    expect(meaningWeight({ ...leg, terms: ["doctor", "sugar"] }, tuned(true))).toBe(0);
  });
});

const hits = (standout: number, scored: number, probeShares: number[] = []): MeaningHits => ({
  ids: [1],
  standout,
  scored,
  probeShares,
});

describe("the meaning leg's confidence", () => {
  it("reads the standard normal's distribution function", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 3);
  });

  it("is 0 at the standout chance gives the best of n, and grows above it", () => {
    const chance = Math.sqrt(2 * Math.log(1_000));
    expect(meaningConfidence(hits(chance, 1_000), "ratio")).toBeCloseTo(0);
    expect(meaningConfidence(hits(2 * chance, 1_000), "ratio")).toBeCloseTo(0.5);
    // Φ(z)^n: the chance that no unrelated message of n stands out as far.
    expect(meaningConfidence(hits(3, 1_000), "chance")).toBeLessThan(0.3);
    expect(meaningConfidence(hits(5, 1_000), "chance")).toBeGreaterThan(0.99);
    expect(meaningConfidence(hits(0, 0), "chance")).toBe(0);
  });

  it("follows how far the lexical first hits rank down the meaning search", () => {
    expect(meaningConfidence(hits(3, 100, [0.25, 0.75]), "disagree-5")).toBeCloseTo(0.5);
    // A first hit the index does not hold (a tool output) leaves the leg at its weight.
    expect(meaningConfidence(hits(3, 100), "disagree")).toBe(1);
    expect(meaningConfidence(hits(3, 100), "off")).toBe(1);
  });

  it("multiplies the weight with what the words miss", () => {
    const tuning = tuned(true);
    tuning.meaningLeg = { ...tuning.meaningLeg, standout: "disagree" };
    expect(meaningWeight(leg, tuning, hits(3, 100, [0.5]))).toBeCloseTo(0.2);
  });
});

describe("the meaning leg's places", () => {
  it("are as many as the words the best lexical hit lacks", () => {
    // Two of four words held: the leg may take every other place.
    expect(missingShare(leg)).toBeCloseTo(0.5);
    const tuning = tuned(false);
    tuning.meaningLeg = { ...tuning.meaningLeg, keepPlaces: "missing" };
    expect(meaningStride(leg, tuning)).toBeCloseTo(2);
    // Every word held: none; no word held: no bound.
    expect(meaningStride({ ...leg, terms: ["doctor", "sugar"] }, tuning)).toBe(1);
    expect(meaningStride({ ...leg, terms: ["dessert"] }, tuning)).toBe(Number.POSITIVE_INFINITY);
    tuning.meaningLeg = { ...tuning.meaningLeg, keepPlaces: 3 };
    expect(meaningStride(leg, tuning)).toBe(3);
  });
});
