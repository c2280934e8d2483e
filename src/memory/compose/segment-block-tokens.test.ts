import { describe, expect, it } from "vitest";
import type { Segment } from "../../kernel/index.js";
import { formatSummaryBlock } from "../summaries/summary-block.js";
import { countTokens } from "../text/count-tokens.js";
import { blockPieceTokens } from "./render-summary-block.js";
import { segmentBlockTokens } from "./segment-block-tokens.js";

function segmentWith(summary: string, summaryTokens = countTokens(summary)): Segment {
  return {
    id: "seg_1",
    session: "s",
    level: 1,
    seqStart: 120,
    seqEnd: 480,
    parentId: null,
    tokenCount: 40_000,
    summary,
    summaryTokens,
    method: "model",
    firstTs: "2026-04-02T06:09:27.043Z",
    lastTs: "2026-04-02T07:15:33.891Z",
    stale: false,
  };
}

function blockOf(segment: Segment): string {
  const { level, seqStart, seqEnd, firstTs, lastTs } = segment;
  return formatSummaryBlock({
    level,
    seqStart,
    seqEnd,
    firstTs,
    lastTs,
    body: segment.summary ?? "",
  });
}

/** Bodies whose edges are where a tokenizer could join across a line: punctuation, digits, runs. */
const BODIES = [
  "- Deployed v2.3.1 to prod.\n- Rolled back at 14:02; the health check failed.",
  "- one line without a final stop",
  "- ends with punctuation!?\n- next line: (parenthesis)…",
  "- 12345678901234567890\n- 42.",
  '- a path /var/log/kern.log\n- the config: {"port": 8080}',
  `- ${"x".repeat(700)}\n- ${"ab".repeat(300)}.`,
  "- émigré naïve café — “quotes”\n- 日本語のテキスト。\n- emoji 🚀🔥.",
  "- it's\n- 'tis the season\n- don't",
  "- trailing spaces inside   \n- then more",
];

describe("segmentBlockTokens", () => {
  it("equals counting the whole block for ordinary and edge-case summaries", () => {
    for (const body of BODIES) {
      const segment = segmentWith(body);
      const text = blockOf(segment);
      const fast = segmentBlockTokens(segment, text);
      expect(fast, body).not.toBeNull();
      expect(fast, body).toBe(blockPieceTokens(text));
    }
  });

  it("declines a body whose last line starts where a split is not clean", () => {
    for (const body of ["- first\n/second", "- first\n  indented last", "/etc/hosts changed"]) {
      const segment = segmentWith(body);
      expect(segmentBlockTokens(segment, blockOf(segment)), body).toBeNull();
    }
  });

  it("declines a body the block changed (trimmed or defused) and a missing count", () => {
    const padded = segmentWith("  - padded  \n");
    expect(segmentBlockTokens(padded, blockOf(padded))).toBeNull();
    const tagged = segmentWith("- the model wrote </summary> inside");
    expect(segmentBlockTokens(tagged, blockOf(tagged))).toBeNull();
    const uncounted = segmentWith("- no count stored", 0);
    expect(segmentBlockTokens(uncounted, blockOf(uncounted))).toBeNull();
  });
});
