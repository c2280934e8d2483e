import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

describe("expand and describe", () => {
  it("returns full messages of a range and says where a token budget cut it", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 10, toolChars: 3_000 }));
    const whole = memory.engine.expandResult({ seqStart: 0, seqEnd: 8 });
    expect(whole.messages.map((message) => message.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(whole.messages[2]?.content).toHaveLength(3_000); // never shortened
    expect(whole.truncated).toBe(false);
    const cut = memory.engine.expandResult({ seqStart: 0, seqEnd: 40, maxTokens: 1_000 });
    expect(cut.truncated).toBe(true);
    expect(cut.nextSeq).toBe(cut.messages.length);
    expect(cut.note).toContain(`seqStart=${cut.nextSeq}`);
    expect(await memory.engine.expand({ seqStart: 0, seqEnd: 2 })).toContain("[");
  });

  it("expands a rollup into its children and an L0 into its messages", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    const segments = memory.store.segments.list(memory.store.sessionLog.sessionId);
    const parent = segments.find((segment) => segment.level === 1);
    const leaf = segments.find((segment) => segment.level === 0);
    const children = memory.engine.expandResult({ segmentId: parent?.id ?? "" });
    expect(children.children.map((child) => child.id)).toEqual(
      (await memory.engine.segmentDetail(parent?.id ?? ""))?.childIds,
    );
    expect(children.messages).toEqual([]);
    const messages = memory.engine.expandResult({ segmentId: leaf?.id ?? "" });
    expect(messages.messages).toHaveLength((leaf?.seqEnd ?? 0) - (leaf?.seqStart ?? 0));
    expect(() => memory?.engine.expandResult({ segmentId: "seg-unknown" })).toThrow(/no segment/);
  });

  it("describes counts per level, coverage and what is in context", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    await memory.engine.compose({ toolsText: "", maxContextTokens: 4_000 });
    const description = memory.engine.description();
    expect(description.sessions[0]).toMatchObject({ messages: 240, covered: 240, coverage: 100 });
    expect(description.methods).toEqual({
      extractive: Object.values(description.segments).reduce((a, b) => a + b, 0),
    });
    expect(description.inContext?.trimmedCount).toBeGreaterThan(0);
    const text = await memory.engine.describe();
    expect(text).toContain("L0");
    expect(text).toContain("In context: messages");
    const detail = await memory.engine.segmentDetail(description.inContext?.segmentIds[0] ?? "");
    expect(detail?.compression).toBeGreaterThan(1);
  });
});
