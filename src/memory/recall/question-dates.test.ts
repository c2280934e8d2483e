import { describe, expect, it } from "vitest";
import { questionDays } from "./question-dates.js";

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
