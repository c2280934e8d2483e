import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { RECALL_MAX_TOKENS } from "../compose/recall-block.js";
import { countTokens } from "../text/count-tokens.js";
import { buildRecallText } from "./auto-recall.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const advice = [
  "Basil likes a market stall more than a supermarket shelf, so here is the long version.",
  ...Array.from(
    { length: 40 },
    (_, i) => `Point ${i}: water the seedlings in the morning and keep the greenhouse vented.`,
  ),
  "My recommendation for fresh basil: the Sunday farmers' market on Elm Street, stall 14.",
].join(" ");

const engine = () => {
  if (!memory) throw new Error("no test memory open");
  return memory.engine;
};

/** A history opening with one question and its answer, then 80 turns; returns its session. */
async function historyOpeningWith(question: string, answer: string): Promise<string> {
  const opened = openTestMemory();
  memory = opened;
  const ts = (minute: number) => new Date(Date.UTC(2026, 2, 1, 7, minute)).toISOString();
  opened.store.appendMessages([
    { ts: ts(0), role: "user", content: question },
    { ts: ts(1), role: "assistant", content: answer },
    ...buildConversation({ turns: 80, startMs: Date.parse("2026-03-02T08:00:00Z") }),
  ]);
  await opened.engine.runUntilIdle();
  return opened.store.sessionLog.sessionId;
}

describe("buildRecallText", () => {
  it("carries the passage that answers the question, not the first words of a long hit", async () => {
    const session = await historyOpeningWith("Where should I buy fresh basil?", advice);
    const question = "Which market did you recommend for fresh basil?";
    const text = await buildRecallText(
      engine(),
      question,
      { session, seqStart: 100 },
      RECALL_MAX_TOKENS,
    );
    expect(text).toContain("Sunday farmers' market on Elm Street");
    expect(countTokens(text ?? "")).toBeLessThanOrEqual(RECALL_MAX_TOKENS);
    // A hit inside the verbatim window is not repeated.
    expect(
      await buildRecallText(engine(), question, { session, seqStart: 0 }, RECALL_MAX_TOKENS),
    ).toBeNull();
  });

  it("brings the reply after a short hit: the answer to a question that matched", async () => {
    const session = await historyOpeningWith(
      "How many eggs do I need for a classic French omelette?",
      "Use three, with a pinch of salt and cold butter.",
    );
    const question = "How many eggs did you say a classic French omelette needs?";
    const text = await buildRecallText(
      engine(),
      question,
      { session, seqStart: 100 },
      RECALL_MAX_TOKENS,
    );
    // The reply names no query word, so recall's hit is the question alone.
    expect(text).toContain("Use three, with a pinch of salt");
    // What followed stops at the verbatim window.
    const upToReply = await buildRecallText(
      engine(),
      question,
      { session, seqStart: 1 },
      RECALL_MAX_TOKENS,
    );
    expect(upToReply ?? "").toContain("classic French omelette");
    expect(upToReply ?? "").not.toContain("Use three");
  });
});
