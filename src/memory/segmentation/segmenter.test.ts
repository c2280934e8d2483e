import { describe, expect, it } from "vitest";
import type { Role } from "../../kernel/index.js";
import { createLocalEmbedder } from "../embeddings/local-embedder.js";
import {
  MAX_SHARE,
  type PlanSegmentsOptions,
  planSegments,
  type SegmentInput,
  SHIFT_FROM_SHARE,
} from "./segmenter.js";

/** Deterministic PRNG (mulberry32) so generated conversations are the same on every run. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mi", "ne", "pu", "ra", "si", "to", "ve", "zu", "bra", "qin", "dor"];

function makeWords(random: () => number, count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, index) => {
    const length = 2 + Math.floor(random() * 2);
    let word = prefix;
    for (let part = 0; part < length; part += 1) {
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    }
    return `${word}${index}`;
  });
}

interface GeneratedMessage {
  role: Role;
  text: string;
  topic: number;
}

interface Conversation {
  messages: GeneratedMessage[];
  /** Indexes of the user messages that open a new topic. */
  changes: number[];
}

interface ConversationOptions {
  seed: number;
  topics: number;
  turnsPerTopic: [number, number];
  /** Share of words drawn from the topic's own vocabulary. */
  topicShare?: number;
}

/** Turns of user → assistant (→ tool call → tool result → assistant) over planted topic blocks. */
function generateConversation(options: ConversationOptions): Conversation {
  const random = createRandom(options.seed);
  const common = makeWords(random, 400, "c");
  const vocabularies = Array.from({ length: options.topics }, (_, topic) =>
    makeWords(random, 30, `t${topic}x`),
  );
  const share = options.topicShare ?? 0.3;
  const sentence = (topic: number, words: number) =>
    Array.from({ length: words }, () => {
      const pool = random() < share ? (vocabularies[topic] ?? common) : common;
      return pool[Math.floor(random() * pool.length)];
    }).join(" ");
  const messages: GeneratedMessage[] = [];
  const changes: number[] = [];
  for (let topic = 0; topic < options.topics; topic += 1) {
    if (topic > 0) changes.push(messages.length);
    const [low, high] = options.turnsPerTopic;
    const turns = low + Math.floor(random() * (high - low + 1));
    for (let turn = 0; turn < turns; turn += 1) {
      messages.push({ role: "user", text: sentence(topic, 8 + Math.floor(random() * 20)), topic });
      if (random() < 0.4) {
        messages.push({ role: "assistant", text: `bash ${sentence(topic, 6)}`, topic });
        messages.push({
          role: "tool",
          text: sentence(topic, 30 + Math.floor(random() * 80)),
          topic,
        });
      }
      messages.push({
        role: "assistant",
        text: sentence(topic, 20 + Math.floor(random() * 60)),
        topic,
      });
    }
  }
  return { messages, changes };
}

async function toInputs(messages: GeneratedMessage[], firstSeq = 0): Promise<SegmentInput[]> {
  const vectors = await createLocalEmbedder().embed(messages.map((message) => message.text));
  return messages.map((message, index) => ({
    seq: firstSeq + index,
    role: message.role,
    tokens: Math.round(message.text.split(" ").length * 1.3) + 4,
    vector: vectors[index]!,
  }));
}

const sizes = { targetTokens: 4_000, minTokens: 1_000, minMessages: 10, window: 5 };
/** Topic detection alone: every shift past the minimums counts, the target is a cap. */
const fine = { ...sizes, shiftFromTokens: sizes.minTokens, maxTokens: sizes.targetTokens };

function tokensOf(messages: SegmentInput[], seqStart: number, seqEnd: number): number {
  const first = messages[0]?.seq ?? 0;
  return messages
    .slice(seqStart - first, seqEnd - first)
    .reduce((sum, message) => sum + message.tokens, 0);
}

/** Checks every rule planSegments promises, for a plan over `messages` from `startSeq`. */
function expectValidPlan(
  messages: SegmentInput[],
  plan: ReturnType<typeof planSegments>,
  options: Omit<PlanSegmentsOptions, "messages">,
): void {
  const first = messages[0]?.seq ?? 0;
  const end = first + messages.length;
  let expectedStart = options.startSeq;
  for (const boundary of plan.boundaries) {
    expect(boundary.seqStart).toBe(expectedStart);
    expect(boundary.seqEnd).toBeGreaterThan(boundary.seqStart);
    const count = boundary.seqEnd - boundary.seqStart;
    const tokens = tokensOf(messages, boundary.seqStart, boundary.seqEnd);
    expect(tokens).toBeGreaterThanOrEqual(options.minTokens);
    expect(count).toBeGreaterThanOrEqual(options.minMessages);
    if (boundary.seqEnd < end) {
      // Cut before a user message: the message before it is never a pending tool call.
      expect(messages[boundary.seqEnd - first]?.role).toBe("user");
      expect(messages[boundary.seqEnd - first - 1]?.role).not.toBe("user");
    }
    const cap = options.maxTokens ?? MAX_SHARE * options.targetTokens;
    if (tokens > cap) {
      // Over the cap only when no legal user message existed at or below it.
      for (let seq = boundary.seqStart + 1; seq < boundary.seqEnd; seq += 1) {
        const before = tokensOf(messages, boundary.seqStart, seq);
        const legal = before >= options.minTokens && seq - boundary.seqStart >= options.minMessages;
        if (messages[seq - first]?.role === "user" && legal) {
          expect(before).toBeGreaterThan(cap);
        }
      }
    }
    expectedStart = boundary.seqEnd;
  }
  expect(plan.pendingFrom).toBe(expectedStart);
}

function recall(changes: number[], cuts: number[], tolerance: number): number {
  const found = changes.filter((change) => cuts.some((cut) => Math.abs(cut - change) <= tolerance));
  return found.length / changes.length;
}

function precision(changes: number[], cuts: number[], tolerance: number): number {
  const right = cuts.filter((cut) => changes.some((change) => Math.abs(cut - change) <= tolerance));
  return right.length / Math.max(1, cuts.length);
}

describe("planSegments", () => {
  it("cuts near planted topic changes", async () => {
    const recalls: number[] = [];
    const precisions: number[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      const conversation = generateConversation({ seed, topics: 12, turnsPerTopic: [8, 16] });
      const messages = await toInputs(conversation.messages);
      const options = { startSeq: 0, final: true, ...fine };
      const plan = planSegments({ messages, ...options });
      expectValidPlan(messages, plan, options);
      const cuts = plan.boundaries.slice(1).map((boundary) => boundary.seqStart);
      // Within one turn (a turn with a tool call is 4 messages) of the true change.
      recalls.push(recall(conversation.changes, cuts, 4));
      precisions.push(precision(conversation.changes, cuts, 4));
    }
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(recalls)).toBeGreaterThanOrEqual(0.82);
    expect(mean(precisions)).toBeGreaterThanOrEqual(0.9);
    expect(Math.min(...recalls)).toBeGreaterThanOrEqual(0.5);
  });

  it("keeps every rule on random conversations and sizes, final or not", async () => {
    const random = createRandom(99);
    for (let round = 0; round < 30; round += 1) {
      const conversation = generateConversation({
        seed: round + 10,
        topics: 1 + Math.floor(random() * 8),
        turnsPerTopic: [2, 25],
      });
      const messages = await toInputs(conversation.messages, 1_000);
      const minTokens = 200 + Math.floor(random() * 1_500);
      const options = {
        startSeq: 1_000 + Math.floor(random() * Math.min(50, messages.length)),
        final: random() < 0.5,
        targetTokens: minTokens + Math.floor(random() * 6_000),
        minTokens,
        minMessages: 1 + Math.floor(random() * 20),
        window: 1 + Math.floor(random() * 8),
      };
      expectValidPlan(messages, planSegments({ messages, ...options }), options);
    }
  });

  it("finds the same topics when fed incrementally, a few messages at a time", async () => {
    const conversation = generateConversation({ seed: 7, topics: 10, turnsPerTopic: [8, 16] });
    const all = await toInputs(conversation.messages);
    const boundaries: Array<{ seqStart: number; seqEnd: number }> = [];
    let startSeq = 0;
    for (let end = 37; ; end = Math.min(all.length, end + 37)) {
      const final = end === all.length;
      const context = Math.max(0, startSeq - 200);
      const plan = planSegments({ messages: all.slice(context, end), startSeq, final, ...fine });
      expectValidPlan(all.slice(context, end), plan, { startSeq, final, ...fine });
      boundaries.push(...plan.boundaries);
      startSeq = plan.pendingFrom;
      if (final) break;
    }
    expectValidPlan(
      all,
      { boundaries, pendingFrom: startSeq },
      { startSeq: 0, final: true, ...fine },
    );
    const cuts = boundaries.slice(1).map((boundary) => boundary.seqStart);
    expect(recall(conversation.changes, cuts, 4)).toBeGreaterThanOrEqual(0.7);
  });

  it("closes segments near the target when the topic never changes", async () => {
    const conversation = generateConversation({ seed: 3, topics: 1, turnsPerTopic: [150, 150] });
    const messages = await toInputs(conversation.messages);
    const plan = planSegments({ messages, startSeq: 0, final: true, ...sizes });
    const total = tokensOf(messages, 0, messages.length);
    expect(plan.boundaries.length).toBeGreaterThanOrEqual(
      Math.floor(total / (MAX_SHARE * sizes.targetTokens)),
    );
    expect(plan.boundaries.length).toBeLessThanOrEqual(Math.ceil(total / sizes.minTokens) / 2);
  });

  it("leaves a tail below the minimums pending, even when final", async () => {
    const conversation = generateConversation({ seed: 4, topics: 1, turnsPerTopic: [3, 3] });
    const messages = await toInputs(conversation.messages, 50);
    const plan = planSegments({ messages, startSeq: 50, final: true, ...sizes });
    expect(plan).toEqual({ boundaries: [], pendingFrom: 50 });
  });

  it("closes the tail only when final", () => {
    const vector = new Float32Array([0.6, 0.8]);
    const messages: SegmentInput[] = Array.from({ length: 40 }, (_, index) => ({
      seq: index,
      role: index % 2 === 0 ? "user" : "assistant",
      tokens: 100,
      vector,
    }));
    const options = { ...sizes, targetTokens: 100_000, startSeq: 0 };
    expect(planSegments({ messages, final: false, ...options }).boundaries).toEqual([]);
    expect(planSegments({ messages, final: true, ...options })).toEqual({
      boundaries: [{ seqStart: 0, seqEnd: 40 }],
      pendingFrom: 40,
    });
  });

  it("exceeds the target only when there is no user message to cut at", () => {
    const vector = new Float32Array([1, 0]);
    const messages: SegmentInput[] = [
      { seq: 0, role: "user", tokens: 100, vector },
      ...Array.from({ length: 30 }, (_, index) => ({
        seq: index + 1,
        role: (index % 2 === 0 ? "assistant" : "tool") as Role,
        tokens: 500,
        vector,
      })),
      { seq: 31, role: "user", tokens: 100, vector },
      { seq: 32, role: "assistant", tokens: 100, vector },
    ];
    const plan = planSegments({ messages, startSeq: 0, final: false, ...sizes });
    expect(plan).toEqual({ boundaries: [{ seqStart: 0, seqEnd: 31 }], pendingFrom: 31 });
  });

  it("returns nothing to do for no messages and rejects inconsistent input", () => {
    expect(planSegments({ messages: [], startSeq: 12, final: true, ...sizes })).toEqual({
      boundaries: [],
      pendingFrom: 12,
    });
    const vector = new Float32Array(2);
    const gap: SegmentInput[] = [
      { seq: 0, role: "user", tokens: 1, vector },
      { seq: 2, role: "assistant", tokens: 1, vector },
    ];
    expect(() => planSegments({ messages: gap, startSeq: 0, final: true, ...sizes })).toThrow();
    const tooLate = planSegments.bind(null, {
      messages: gap.slice(0, 1),
      startSeq: 5,
      final: true,
      ...sizes,
    });
    expect(tooLate).toThrow();
  });

  it("cuts near the target when every vector is zero (embeddings degraded)", () => {
    const messages: SegmentInput[] = Array.from({ length: 200 }, (_, index) => ({
      seq: index,
      role: index % 2 === 0 ? "user" : "assistant",
      tokens: 100,
      vector: new Float32Array(8),
    }));
    const plan = planSegments({ messages, startSeq: 0, final: false, ...sizes });
    // No signal anywhere: each segment runs to the cap (6,000 tokens = 60 messages of 100).
    expect(plan.boundaries.map((boundary) => boundary.seqEnd - boundary.seqStart)).toEqual([
      60, 60, 60,
    ]);
  });

  it("sizes segments to the target on average: shifts count from 80% of it, none passes 150%", async () => {
    const conversation = generateConversation({ seed: 21, topics: 40, turnsPerTopic: [8, 40] });
    const messages = await toInputs(conversation.messages);
    const plan = planSegments({ messages, startSeq: 0, final: true, ...sizes });
    const lengths = plan.boundaries.map((boundary) =>
      tokensOf(messages, boundary.seqStart, boundary.seqEnd),
    );
    const mean = lengths.reduce((sum, value) => sum + value, 0) / lengths.length;
    expect(mean).toBeGreaterThanOrEqual(SHIFT_FROM_SHARE * sizes.targetTokens);
    expect(mean).toBeLessThanOrEqual(MAX_SHARE * sizes.targetTokens);
    // The same conversation cut at every shift makes segments far below the target.
    const fineMean =
      messages.reduce((sum, message) => sum + message.tokens, 0) /
      planSegments({ messages, startSeq: 0, final: true, ...fine }).boundaries.length;
    expect(fineMean).toBeLessThan(0.75 * mean);
  });

  it("plans 100k messages of 384 dimensions into many segments", () => {
    const random = createRandom(5);
    const pool = Array.from({ length: 64 }, () => {
      const vector = Float32Array.from({ length: 384 }, () => random() - 0.5);
      return vector;
    });
    const messages: SegmentInput[] = Array.from({ length: 100_000 }, (_, index) => ({
      seq: index,
      role: index % 3 === 0 ? "user" : index % 3 === 1 ? "assistant" : "tool",
      tokens: 20 + Math.floor(random() * 400),
      vector: pool[(Math.floor(index / 150) * 7 + Math.floor(random() * 3)) % pool.length]!,
    }));
    const plan = planSegments({
      messages,
      startSeq: 0,
      final: true,
      targetTokens: 15_000,
      minTokens: 5_000,
      minMessages: 10,
      window: 5,
    });
    expect(plan.boundaries.length).toBeGreaterThan(100);
  });
});
