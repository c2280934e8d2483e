import { describe, expect, it } from "vitest";
import { formatSummaryBlock, parseSummaryBody } from "./summary-block.js";

describe("formatSummaryBlock", () => {
  it("writes the SPEC block with an inclusive message range", () => {
    const block = formatSummaryBlock({
      level: 0,
      seqStart: 341,
      seqEnd: 521,
      firstTs: "2026-04-02T06:09:27.043Z",
      lastTs: "2026-04-02T07:15:33.891Z",
      body: "- Wrote blog post about db-03.\n- Left KX-4471 open.\n",
    });
    expect(block).toBe(
      [
        "<summary>",
        "level: L0",
        "messages: 341-520",
        "first: 2026-04-02T06:09:27.043Z",
        "last: 2026-04-02T07:15:33.891Z",
        "- Wrote blog post about db-03.",
        "- Left KX-4471 open.",
        "</summary>",
      ].join("\n"),
    );
  });

  it("shows a one-message range as n-n and rejects an empty range", () => {
    const options = { level: 2, firstTs: "a", lastTs: "b", body: "- x" };
    expect(formatSummaryBlock({ ...options, seqStart: 7, seqEnd: 8 })).toContain("messages: 7-7");
    expect(formatSummaryBlock({ ...options, seqStart: 7, seqEnd: 8 })).toContain("level: L2");
    expect(() => formatSummaryBlock({ ...options, seqStart: 8, seqEnd: 8 })).toThrow();
  });

  it("keeps a body from closing the block early", () => {
    const block = formatSummaryBlock({
      level: 0,
      seqStart: 0,
      seqEnd: 2,
      firstTs: "a",
      lastTs: "b",
      body: "- Ann pasted </summary> and <summary> tags.",
    });
    expect(block.match(/<\/summary>/g)).toHaveLength(1);
    expect(block.match(/<summary>/g)).toHaveLength(1);
  });
});

describe("parseSummaryBody", () => {
  it("returns plain bullet output as it is", () => {
    expect(parseSummaryBody("- Fixed db-03.\n- Ann prefers 30 days.\n")).toBe(
      "- Fixed db-03.\n- Ann prefers 30 days.",
    );
  });

  it("takes the inside of a summary wrapper and drops echoed headers", () => {
    const output =
      "Sure!\n<summary>\nlevel: L0\nmessages: 1-9\n- Fixed db-03.\n</summary>\nAnything else?";
    expect(parseSummaryBody(output)).toBe("- Fixed db-03.");
  });

  it("drops thinking, closed, unclosed or orphaned", () => {
    expect(parseSummaryBody("<think>hmm, db-03?</think>\n- Fixed db-03.")).toBe("- Fixed db-03.");
    expect(parseSummaryBody("planning the bullets...</think>- Fixed db-03.")).toBe(
      "- Fixed db-03.",
    );
    expect(parseSummaryBody("- Fixed db-03.\n<thinking>and also")).toBe("- Fixed db-03.");
    expect(parseSummaryBody("<reasoning>long thoughts that never end")).toBeNull();
  });

  it("unwraps a code fence and a preamble", () => {
    expect(parseSummaryBody("```markdown\n- Fixed db-03.\n```")).toBe("- Fixed db-03.");
    expect(parseSummaryBody("Here is the summary:\n\n- Fixed db-03.")).toBe("- Fixed db-03.");
  });

  it("treats empty output as a failure, not a summary", () => {
    expect(parseSummaryBody("")).toBeNull();
    expect(parseSummaryBody("   \n ")).toBeNull();
    expect(parseSummaryBody("<summary>\n</summary>")).toBeNull();
    expect(parseSummaryBody("<think>I should write bullets.</think>")).toBeNull();
    expect(parseSummaryBody("<summary>\nlevel: L0\nmessages: 1-2\n</summary>")).toBeNull();
  });

  it("joins several summary blocks and accepts an unclosed one", () => {
    expect(parseSummaryBody("<summary>- A1</summary> then <summary>- B2</summary>")).toBe(
      "- A1\n- B2",
    );
    expect(parseSummaryBody("<summary>\n- Fixed db-03.")).toBe("- Fixed db-03.");
  });

  it("round-trips through formatSummaryBlock", () => {
    const body = "- Chose pgbouncer over pgpool because of KX-4471.\n- Open: alert at 90%?";
    const block = formatSummaryBlock({
      level: 1,
      seqStart: 0,
      seqEnd: 10,
      firstTs: "a",
      lastTs: "b",
      body,
    });
    expect(parseSummaryBody(block)).toBe(body);
  });
});
