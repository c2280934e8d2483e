// Common terms (recall's `commonTermShare`): counted against the FTS index, cut off at the share.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../test/support/memory-fixtures.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

function remember(texts: readonly string[]): TestMemory {
  const opened = openTestMemory();
  opened.store.appendMessages(
    texts.map((content, index) => ({
      role: index % 2 ? ("assistant" as const) : ("user" as const),
      content,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000).toISOString(),
    })),
  );
  return opened;
}

describe("common terms", () => {
  it("names the words matched in more than the share of messages, stemmed as the index is", () => {
    // "day" in 12 of 20 messages, "days" once more (the same stem), "lisbon" in one; the index's
    // context field (the messages before) makes a few more match each.
    const texts = Array.from({ length: 20 }, (_, index) =>
      index < 12 ? `a long day of work number ${index}` : `quiet note number ${index}`,
    );
    texts[13] = "three days in Lisbon";
    memory = remember(texts);
    const repo = memory.store.messages;
    expect(repo.commonTerms(["day", "lisbon", "number"], 0.5)).toEqual(new Set(["day", "number"]));
    expect(repo.commonTerms(["day", "lisbon"], 0.9)).toEqual(new Set());
    expect(repo.commonTerms(["absent"], 0.01)).toEqual(new Set());
  });
});
