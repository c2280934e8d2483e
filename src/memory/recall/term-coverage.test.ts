import { describe, expect, it } from "vitest";
import { coverageOf, isShortQuestion, lightStem } from "./term-coverage.js";

describe("term coverage", () => {
  it("counts the question's words a text holds, by light stem", () => {
    const terms = ["email", "campaigns", "drill", "date"];
    expect(coverageOf(terms)("The failover drills for email-campaign ran; date: December 9")).toBe(
      1,
    );
    expect(coverageOf(terms)("what's the status of the email-campaigns config?")).toBe(0.5);
    expect(coverageOf([])("anything")).toBe(1);
    expect(lightStem("policies")).toBe(lightStem("policy"));
  });

  it("scores every text as stemming each of its words would (its regular expression is exact)", () => {
    // The oracle: every word of the text stemmed, the terms' stems looked up.
    const oracle = (terms: string[], text: string) => {
      const held = new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).map(lightStem));
      const wanted = [...new Set(terms.map(lightStem))];
      return wanted.filter((stem) => held.has(stem)).length / wanted.length;
    };
    const words = [
      "drill",
      "drills",
      "drilled",
      "policy",
      "policies",
      "policys",
      "uses",
      "use",
      "used",
      "using",
      "user",
      "bus",
      "buses",
      "runs",
      "run",
      "running",
      "quickly",
      "quick",
      "ids",
      "id",
      "café",
      "cafés",
      "re_try",
      "re",
      "try",
      "tries",
      "x1",
      "x1s",
      "nest",
      "nested",
    ];
    const separators = [" ", "-", ". ", "_", "é", "'", "\n", "/", "9"];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round += 1) {
      const terms = Array.from({ length: 1 + next(4) }, () => words[next(words.length)] ?? "");
      const text = Array.from(
        { length: next(12) },
        () => `${words[next(words.length)]}${separators[next(separators.length)]}`,
      ).join("");
      const cased = next(3) === 0 ? text.toUpperCase() : text;
      expect(coverageOf(terms)(cased), `${terms.join(",")} in ${JSON.stringify(cased)}`).toBe(
        oracle(terms, cased),
      );
    }
  });

  it("tells a short question from a statement", () => {
    expect(isShortQuestion("what's the status of the email-campaigns config?  ")).toBe(true);
    expect(isShortQuestion("The drill took place on December 9.")).toBe(false);
    expect(isShortQuestion(`${"a long report ".repeat(20)}?`)).toBe(false);
  });
});
