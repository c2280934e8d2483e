import { describe, expect, it } from "vitest";
import { parseRerank, parseRewrites, REWRITES_MAX, reorderFirst } from "./recall-assist.js";

describe("reading the model's rewrite", () => {
  it("takes one query a line, list marks and quotes off, the question itself and repeats out", () => {
    const reply = '1. "kubernetes cluster"\n- Container Orchestrator\n\n* helm chart\nhelm chart\n';
    expect(parseRewrites(reply, "container orchestrator")).toEqual([
      "kubernetes cluster",
      "helm chart",
    ]);
  });

  it("keeps at most three, each cut to 200 characters", () => {
    const reply = ["a b", "c d", "e f", "g h", "x".repeat(500)].join("\n");
    expect(parseRewrites(reply, "q")).toHaveLength(REWRITES_MAX);
    expect(parseRewrites(`${"y".repeat(500)}`, "q")[0]).toHaveLength(200);
  });
});

describe("reading the model's rerank", () => {
  it("keeps the numbers of shown candidates in the reply's order, each once", () => {
    expect(parseRerank("3, 1, 3, 99, 0, 2", 3)).toEqual([3, 1, 2]);
  });

  it("reads 'none' as no candidate and a reply without numbers as a failure", () => {
    expect(parseRerank("None of them.", 4)).toEqual([]);
    expect(parseRerank("I think the second one", 4)).toBeNull();
  });
});

describe("re-ordering the first candidates", () => {
  const ranked = [
    { item: 10, score: 0.5 },
    { item: 11, score: 0.4 },
    { item: 12, score: 0.3 },
    { item: 13, score: 0.2 },
  ];

  it("puts the picked first, the others after in their order, each place keeping its score", () => {
    expect(reorderFirst(ranked, [12], 3)).toEqual([
      { item: 12, score: 0.5 },
      { item: 10, score: 0.4 },
      { item: 11, score: 0.3 },
      { item: 13, score: 0.2 },
    ]);
  });

  it("never drops a candidate nor takes one from past the window", () => {
    const reordered = reorderFirst(ranked, [13, 99, 11], 3);
    expect(reordered.map((entry) => entry.item)).toEqual([11, 10, 12, 13]);
  });
});
