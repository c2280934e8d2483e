import { describe, expect, it } from "vitest";
import { questionDays, questionTimes } from "./question-dates.js";

describe("questionDays", () => {
  it("reads a named day in three spellings as that day and the next", () => {
    const span = { after: "2023-10-13T00:00:00.000Z", before: "2023-10-15T00:00:00.000Z" };
    expect(questionDays("What painting did Melanie show on October 13, 2023?")).toEqual([span]);
    expect(questionDays("what happened on 13th October 2023")).toEqual([span]);
    expect(questionDays("the deploy of 2023-10-13, was it rolled back?")).toEqual([span]);
  });

  it("finds nothing in a question without a full date, and skips days that do not exist", () => {
    expect(questionDays("When did Caroline go to the support group?")).toEqual([]);
    expect(questionDays("what happened in October 2023?")).toEqual([]);
    expect(questionDays("on February 30, 2023")).toEqual([]);
  });

  it("keeps each named day once and widens by the days asked for", () => {
    const days = questionDays("between May 3, 2023 and 2023-05-07, and May 3, 2023 again", 0);
    expect(days).toEqual([
      { after: "2023-05-03T00:00:00.000Z", before: "2023-05-04T00:00:00.000Z" },
      { after: "2023-05-07T00:00:00.000Z", before: "2023-05-08T00:00:00.000Z" },
    ]);
  });
});

describe("questionTimes", () => {
  it("reads short month names and 'the 10th of February'", () => {
    expect(questionTimes("What pasta did Kate make on 29 Dec 2023?")).toEqual([
      { after: "2023-12-29T00:00:00.000Z", before: "2023-12-31T00:00:00.000Z" },
    ]);
    expect(questionTimes("Where is Paola going on the 10th of February 2024?")).toEqual([
      { after: "2024-02-10T00:00:00.000Z", before: "2024-02-12T00:00:00.000Z" },
    ]);
  });

  it("reads a month with its year only when asked to, and not the month of a named day", () => {
    const question = "Which country did James book tickets for in July 2022?";
    expect(questionTimes(question)).toEqual([]);
    expect(questionTimes(question, { months: true })).toEqual([
      { after: "2022-07-01T00:00:00.000Z", before: "2022-08-02T00:00:00.000Z" },
    ]);
    expect(questionTimes("on October 13, 2023", { months: true })).toHaveLength(1);
  });

  it("resolves relative times against when the question is asked, and not without it", () => {
    const now = "2023-10-29T09:55:00.000Z";
    expect(questionTimes("what did I cook yesterday?")).toEqual([]);
    expect(questionTimes("what did I cook yesterday?", { now })).toEqual([
      { after: "2023-10-28T00:00:00.000Z", before: "2023-10-30T00:00:00.000Z" },
    ]);
    const [ago] = questionTimes("the trip two weeks ago", { now });
    expect(ago?.after).toBe("2023-10-11T00:00:00.000Z");
    expect(ago?.before).toBe("2023-10-20T00:00:00.000Z");
  });
});
