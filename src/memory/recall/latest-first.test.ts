import { describe, expect, it } from "vitest";
import { asksForEarlier, latestFirst, namesWholeSubject, subjectTerms } from "./latest-first.js";

describe("namesWholeSubject", () => {
  const terms = ["dependabot", "replica", "count"];

  it("accepts a text naming every query term, loosely stemmed, anywhere in it", () => {
    const text = "Grype is noisy. Change of plan, the Dependabot replicas count goes to 56.";
    expect(namesWholeSubject(text, terms)).toBe(true);
  });

  it("refuses a text missing a term, a term only inside another word, or a one-term query", () => {
    expect(namesWholeSubject("dependabot replica set to 3", terms)).toBe(false);
    expect(namesWholeSubject("dependabot replica discount", terms)).toBe(false);
    expect(namesWholeSubject("dependabot", ["dependabot"])).toBe(false);
  });

  it("takes a short term as a whole word, with a plural or possessive ending", () => {
    const car = ["car", "last", "inspection"];
    expect(namesWholeSubject("The car's last inspection was in May", car)).toBe(true);
    expect(namesWholeSubject("Both cars passed their last inspections", car)).toBe(true);
    expect(namesWholeSubject("k6 inspect shows cart-service healthy since last week", car)).toBe(
      false,
    );
  });
});

describe("asksForEarlier", () => {
  it("tells a question about an earlier state from one about the current one", () => {
    expect(asksForEarlier("What was my last name before I changed it?")).toBe(true);
    expect(asksForEarlier("What was my previous personal best time for the 5K?")).toBe(true);
    expect(asksForEarlier("Where did I use to work?")).toBe(true);
    expect(asksForEarlier("How do I use tokens?")).toBe(false);
    expect(asksForEarlier("How old is my dog?")).toBe(false);
    expect(asksForEarlier("Which gym did I used to go to?")).toBe(true);
    expect(asksForEarlier("dependabot replica count")).toBe(false);
    expect(asksForEarlier("How many bolts are in the box?")).toBe(false);
  });
});

describe("latestFirst", () => {
  const ranked = [
    { id: 3, subject: true },
    { id: 9, subject: false },
    { id: 5, subject: true },
    { id: 7, subject: true },
  ];

  it("puts the newest same-subject entry in the best of their places, others unmoved", () => {
    const result = latestFirst(
      ranked,
      (entry) => entry.subject,
      (entry) => entry.id,
    );
    expect(result.map((entry) => entry.id)).toEqual([7, 9, 5, 3]);
  });

  it("leaves the ranking alone with fewer than two same-subject entries", () => {
    const result = latestFirst(
      ranked,
      (entry) => entry.id === 5,
      (entry) => entry.id,
    );
    expect(result).toEqual(ranked);
  });
});

describe("subjectTerms", () => {
  it("leaves out the words that ask for now, and nothing else", () => {
    expect(subjectTerms(["current", "experiment", "timeout", "now", "latest"])).toEqual([
      "experiment",
      "timeout",
    ]);
    expect(subjectTerms(["currency", "nowhere", "stillwater"])).toEqual([
      "currency",
      "nowhere",
      "stillwater",
    ]);
  });
});
