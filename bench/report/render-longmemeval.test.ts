import { describe, expect, it } from "vitest";
import { renderLongMemEval } from "./render-longmemeval.js";

const legs = (value: number) => ({
  turn: { "1": value, "5": value, "10": value },
  session: { "1": 1, "5": 1, "10": 1 },
});

describe("renderLongMemEval", () => {
  it("renders nothing without results", () => {
    expect(renderLongMemEval(null)).toBe("");
  });

  it("renders every leg overall and per question type, BM25 first", () => {
    const text = renderLongMemEval({
      source: "LongMemEval S dev split (301 questions)",
      questions: 2,
      overall: { final: legs(0.9), bm25: legs(0.8) },
      byType: { "multi-session": { questions: 2, legs: { bm25: legs(0.5) } } },
    });
    const lines = text.split("\n").filter((line) => line.startsWith("| all"));
    expect(lines).toEqual([
      "| all (2) | bm25 | 0.800 | 0.800 | 0.800 | 1.000 | 1.000 | 1.000 |",
      "| all (2) | final | 0.900 | 0.900 | 0.900 | 1.000 | 1.000 | 1.000 |",
    ]);
    expect(text).toContain("| multi-session (2) | bm25 | 0.500 |");
  });
});
