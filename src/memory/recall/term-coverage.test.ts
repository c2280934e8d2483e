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

  it("tells a short question from a statement", () => {
    expect(isShortQuestion("what's the status of the email-campaigns config?  ")).toBe(true);
    expect(isShortQuestion("The drill took place on December 9.")).toBe(false);
    expect(isShortQuestion(`${"a long report ".repeat(20)}?`)).toBe(false);
  });
});
