import { describe, expect, it } from "vitest";
import { feedbackTerms } from "./feedback-terms.js";

describe("feedbackTerms", () => {
  const texts = new Map([
    [1, "The cutover of the spending plan moved: budget review with finance on Monday."],
    [2, "Finance wants the budget review before the cutover of the spending plan."],
    [3, "Lunch was great, the spending was fine."],
    [4, "The deploy of the search cluster finished."],
    [5, "Budget tools are slow today."],
  ]);
  const ranked = [
    { id: 1, score: 1 },
    { id: 2, score: 0.9 },
    { id: 3, score: 0.2 },
    { id: 4, score: 0.1 },
  ];

  it("takes the words the first hits share that the question lacks, rarer among the candidates first", () => {
    const words = feedbackTerms(ranked, texts, ["spending", "plan", "cutover"], {
      docs: 3,
      terms: 3,
    });
    expect(words).toEqual(expect.arrayContaining(["finance", "review"]));
    expect(words).not.toContain("spending");
    expect(words).not.toContain("plan");
    // Held by one first hit only: not shared, not taken.
    expect(words).not.toContain("monday");
  });

  it("takes nothing from a single hit", () => {
    expect(feedbackTerms(ranked.slice(0, 1), texts, ["plan"], { docs: 5, terms: 5 })).toEqual([]);
  });
});
