// A "why" question finds the message that gives the reason, not the ones that only name the
// subject (answer-cues.ts).
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { withAnswerCues } from "./answer-cues.js";
import { DEFAULT_RECALL_TUNING } from "./recall-tuning.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

describe("answer cues", () => {
  it("adds 'because' to a why question and nothing to others", () => {
    expect(withAnswerCues("Why did we pick av1?")).toBe("Why did we pick av1? because");
    expect(withAnswerCues("What did we choose, and why?")).toBe(
      "What did we choose, and why? because",
    );
    expect(withAnswerCues("When did the drill happen?")).toBe("When did the drill happen?");
    expect(withAnswerCues("whyte street")).toBe("whyte street");
  });

  it("puts the message giving the reason first in the lexical leg, not the ones naming the subject", async () => {
    memory = openTestMemory();
    const reason =
      "The settings are unchanged. Decision: for the experiment of pricing-page we go with hudi-pricing instead of dagster, " +
      "because latency tests favoured it.";
    const lines = [
      "The experiment timeout for pricing-page is set to 6859ms for now.",
      reason,
      "The experiment timeout for pricing-page is set to 1162ms for now.",
      "The experiment timeout for pricing-page is set to 8023s for now.",
      "The experiment timeout for pricing-page is set to 412ms for now.",
      "The experiment timeout for pricing-page is set to 95s for now.",
      "The rollout of search went fine, no alerts overnight.",
      "The billing export finished in four minutes.",
    ];
    memory.store.appendMessages(
      lines.map((content, index) => ({
        role: "assistant" as const,
        content,
        ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000).toISOString(),
        meta: { interface: "import" },
      })),
    );
    await memory.engine.runUntilIdle();
    const query = "What did we choose for the experiment of pricing-page, and why?";
    // The rule acts on the lexical leg (fusion with the vector leg is measured on the yardsticks).
    const reasonId = lines.indexOf(reason) + 1; // ids count from 1 in a new index
    const cued = await memory.engine.recallLegs({ query, k: 3 });
    expect(cued.fts[0]).toBe(reasonId);
    const tuning = { ...DEFAULT_RECALL_TUNING, answerCues: false };
    const plain = await memory.engine.recallLegs({ query, k: 3, tuning });
    expect(plain.fts[0]).not.toBe(reasonId);
  });
});
