import { describe, expect, it } from "vitest";
import { type LmeReachQuestion, renderLmeReachability } from "./render-lme-reachability.js";

function question(depth: number, found: LmeReachQuestion["budgets"][number]["found"]) {
  return {
    id: `q${depth}`,
    type: "single-session-user",
    tokens: 100_000,
    answer: "Target",
    seq: 10,
    depth,
    budgets: [{ budget: 32_000, promptTokens: 31_000, found }],
  };
}

describe("renderLmeReachability", () => {
  it("renders nothing without results", () => {
    expect(renderLmeReachability(null)).toBe("");
  });

  it("counts each prompt by evidence depth and states the bars against trimming and top-k", () => {
    const all = { kern: true, kernNoRecall: true, trimming: true, topK: true };
    const deep = { kern: true, kernNoRecall: false, trimming: false, topK: false };
    const text = renderLmeReachability({
      source: "LongMemEval S dev split (301 questions)",
      eligible: 2,
      scoredQuestions: 282,
      budgets: [32_000],
      questions: [question(0.1, all), question(0.9, deep)],
    });
    expect(text).toContain("| 32k | kern | 2/2 (100%) | 1/1 (100%) | – | – | 1/1 (100%) |");
    expect(text).toContain("| 32k | plain trimming | 1/2 (50%) | 1/1 (100%) | – | – | 0/1 (0%) |");
    expect(text).toContain("kern/trimming 2.00; issue 15 wants >= 2: met");
    expect(text).toContain("top-k 1 (kern >= top-k: met)");
    expect(text).toContain(
      "Beyond trimming's window (1 questions, trimming 0 by definition): kern 1, " +
        "kern with autoRecall off 0, top-k 0.",
    );
    expect(text).not.toContain("arithmetically impossible");
  });

  it("says plainly when twice trimming exceeds the question count", () => {
    const all = { kern: true, kernNoRecall: true, trimming: true, topK: true };
    const text = renderLmeReachability({
      source: "LongMemEval S dev split (301 questions)",
      eligible: 2,
      scoredQuestions: 282,
      budgets: [32_000],
      questions: [question(0.1, all), question(0.9, all)],
    });
    expect(text).toContain("2x trimming is 4/2: arithmetically impossible on this question set");
    expect(text).toContain("Beyond trimming's window (0 questions");
  });
});
