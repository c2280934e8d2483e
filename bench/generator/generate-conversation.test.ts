import { describe, expect, it } from "vitest";
import { generateConversation } from "./generate-conversation.js";
import { TOPIC_CATALOG } from "./topic-catalog.js";
import type { GeneratedConversation, ImportMessage } from "./types.js";

const SMALL_TOOLS: [number, number] = [200, 600];

function contentOf(message: ImportMessage | undefined): string {
  return message?.content ?? "";
}

describe("generateConversation", () => {
  const conversation = generateConversation({ seed: 7, messages: 2000 });
  const { messages, truth } = conversation;

  it("is deterministic for a seed and differs between seeds", () => {
    const options = { messages: 1500, toolOutputChars: SMALL_TOOLS };
    const first = generateConversation({ seed: 11, ...options });
    const again = generateConversation({ seed: 11, ...options });
    const other = generateConversation({ seed: 12, ...options });
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(JSON.stringify(other.messages)).not.toBe(JSON.stringify(first.messages));
  });

  it.each([1, 2, 3, 5, 13, 19, 20, 21, 250, 2000])("produces exactly %i messages", (count) => {
    const generated = generateConversation({
      seed: count,
      messages: count,
      toolOutputChars: SMALL_TOOLS,
    });
    expect(generated.messages).toHaveLength(count);
    expect(generated.truth.messageCount).toBe(count);
    expect(generated.messages[0]?.role).toBe("user");
  });

  it("numbers ids by seq and keeps timestamps strictly increasing", () => {
    messages.forEach((message, seq) => {
      expect(message.id).toBe(`msg-7-${seq}`);
      if (seq > 0)
        expect(Date.parse(message.ts)).toBeGreaterThan(Date.parse(messages[seq - 1]!.ts));
    });
    expect(messages[0]?.ts).toBe("2026-03-02T07:30:00.000Z");
    const days = (Date.parse(messages.at(-1)!.ts) - Date.parse(messages[0]!.ts)) / 86_400_000;
    expect(days).toBeGreaterThan(7);
  });

  it("answers every tool call exactly once, right after the call", () => {
    const open = new Set<string>();
    for (const message of messages) {
      if (message.role === "tool") {
        expect(message.tool_call_id).toBeDefined();
        expect(open.delete(message.tool_call_id!)).toBe(true);
        continue;
      }
      expect(open.size).toBe(0);
      for (const call of message.tool_calls ?? []) {
        expect(message.role).toBe("assistant");
        expect(["bash", "read", "grep", "write"]).toContain(call.function.name);
        expect(() => JSON.parse(call.function.arguments)).not.toThrow();
        open.add(call.id);
      }
    }
    expect(open.size).toBe(0);
    expect(messages.some((message) => message.role === "tool")).toBe(true);
  });

  it("keeps every tool output inside the configured size range", () => {
    const ranges: [number, number][] = [
      [2000, 20000],
      [300, 3000],
      [1, 1],
      [50, 50],
    ];
    for (const range of ranges) {
      const generated =
        range[0] === 2000
          ? conversation
          : generateConversation({ seed: 3, messages: 600, toolOutputChars: range });
      const tools = generated.messages.filter((message) => message.role === "tool");
      expect(tools.length).toBeGreaterThan(10);
      for (const tool of tools) {
        expect(contentOf(tool).length).toBeGreaterThanOrEqual(range[0]);
        expect(contentOf(tool).length).toBeLessThanOrEqual(range[1]);
      }
    }
  });

  it("tiles the conversation with topic blocks that start at user messages", () => {
    expect(truth.blocks[0]?.seqStart).toBe(0);
    expect(truth.blocks.at(-1)?.seqEnd).toBe(messages.length);
    truth.blocks.forEach((block, index) => {
      expect(messages[block.seqStart]?.role).toBe("user");
      expect(truth.topicBoundaries[index]).toBe(block.seqStart);
      expect(block.seqEnd - block.seqStart).toBeGreaterThanOrEqual(20);
      expect(block.seqEnd - block.seqStart).toBeLessThanOrEqual(240);
      const next = truth.blocks[index + 1];
      if (next === undefined) return;
      expect(next.seqStart).toBe(block.seqEnd);
      expect(next.topicId).not.toBe(block.topicId);
    });
    expect(truth.topicBoundaries).toHaveLength(truth.blocks.length);
  });

  it("talks about the block's topic and revisits topics later", () => {
    const topics = new Map(TOPIC_CATALOG.map((topic) => [topic.id, topic]));
    for (const block of truth.blocks) {
      const topic = topics.get(block.topicId)!;
      const text = messages.slice(block.seqStart, block.seqEnd).map(contentOf).join("\n");
      const hits = topic.keywords.filter((keyword) => text.includes(keyword));
      expect(hits.length).toBeGreaterThanOrEqual(2);
    }
    const visits = new Map<string, number>();
    for (const block of truth.blocks)
      visits.set(block.topicId, (visits.get(block.topicId) ?? 0) + 1);
    expect([...visits.values()].some((count) => count >= 2)).toBe(true);
  });

  it("reports the topics it used with their keywords", () => {
    expect(TOPIC_CATALOG.length).toBeGreaterThanOrEqual(30);
    expect(new Set(TOPIC_CATALOG.map((topic) => topic.id)).size).toBe(TOPIC_CATALOG.length);
    expect(truth.topics).toHaveLength(TOPIC_CATALOG.length);
    const used = new Set(truth.topics.map((topic) => topic.id));
    for (const block of truth.blocks) expect(used.has(block.topicId)).toBe(true);
    const few = generateConversation({
      seed: 5,
      messages: 3000,
      topicCount: 4,
      toolOutputChars: SMALL_TOOLS,
    });
    expect(few.truth.topics).toHaveLength(4);
    expect(new Set(few.truth.blocks.map((block) => block.topicId)).size).toBe(4);
  });

  it("rejects options it cannot honour", () => {
    expect(() => generateConversation({ seed: 1, messages: 0 })).toThrow(RangeError);
    expect(() => generateConversation({ seed: 1.5, messages: 10 })).toThrow(RangeError);
    expect(() => generateConversation({ seed: 1, messages: 10, toolOutputChars: [10, 5] })).toThrow(
      RangeError,
    );
    expect(() => generateConversation({ seed: 1, messages: 10, startTs: "soon" })).toThrow(
      RangeError,
    );
    expect(() => generateConversation({ seed: 1, messages: 10, topicCount: 1 })).toThrow(
      RangeError,
    );
    expect(() => generateConversation({ seed: 1, messages: 10, topicCount: 999 })).toThrow(
      RangeError,
    );
  });

  it("generates 20k messages in well under 10 seconds", () => {
    const started = performance.now();
    const generated: GeneratedConversation = generateConversation({ seed: 2, messages: 20_000 });
    expect(generated.messages).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(6_000);
  });
});
