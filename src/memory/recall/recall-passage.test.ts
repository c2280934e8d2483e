import { describe, expect, it } from "vitest";
import { recallPassage } from "./recall-passage.js";

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i} talks about the weather and the train.`);

describe("recallPassage", () => {
  it("returns text within the budget whole, whitespace folded", () => {
    expect(recallPassage("One.\n\nTwo   three.", ["two"], 100)).toBe("One. Two three.");
  });

  it("centres on the sentence naming the most query words and widens to the next one first", () => {
    const text = [
      ...filler(20),
      "You asked which market to visit.",
      "I recommended the Sunday farmers' market on Elm Street for fresh basil.",
      "It opens at eight.",
      ...filler(20),
    ].join(" ");
    const passage = recallPassage(text, ["recommend", "market", "basil"], 160);
    expect(passage).toContain("I recommended the Sunday farmers' market on Elm Street");
    expect(passage).toContain("It opens at eight.");
    expect(passage.startsWith("… ")).toBe(true);
    expect(passage.endsWith(" …")).toBe(true);
    expect(passage.replace(/^… | …$/g, "").length).toBeLessThanOrEqual(160);
  });

  it("matches longer forms of a long query word, short words only whole", () => {
    const text = [...filler(10), "The cart was full.", "Cars are parked.", ...filler(10)].join(" ");
    expect(recallPassage(text, ["car"], 60)).not.toContain("cart");
    expect(recallPassage(text, ["parking"], 60)).not.toContain("Cars are parked");
    expect(recallPassage(text, ["cars"], 60)).toContain("Cars are parked");
  });

  it("cuts a sentence longer than the budget around its first matched word", () => {
    const long = `${"word ".repeat(200)}the routing key is R-7741 ${"more ".repeat(200)}`;
    const passage = recallPassage(long, ["routing"], 120);
    expect(passage).toContain("routing key is R-7741");
    expect(passage.replace(/^… | …$/g, "").length).toBeLessThanOrEqual(120);
  });

  it("fills the room a short text leaves with what followed, cut to the budget", () => {
    const next = `assistant: Ingredients: 2-3 eggs, a pinch of salt. ${"Then whisk. ".repeat(40)}`;
    const passage = recallPassage("user: How many eggs for an omelette?", ["eggs"], 200, next);
    expect(
      passage.startsWith("user: How many eggs for an omelette? assistant: Ingredients: 2-3 eggs"),
    ).toBe(true);
    expect(passage.endsWith(" …")).toBe(true);
    expect(passage.replace(/ …$/, "").length).toBeLessThanOrEqual(200);
    // A long text keeps its own best passage; what followed does not push it out.
    const long = `${"word ".repeat(100)}the eggs are fresh. ${"more ".repeat(100)}`;
    expect(recallPassage(long, ["eggs"], 120, next)).not.toContain("Ingredients");
  });
});
