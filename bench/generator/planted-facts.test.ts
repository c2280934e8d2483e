import { describe, expect, it } from "vitest";
import { countSlots } from "./fact-planter.js";
import { generateConversation } from "./generate-conversation.js";
import type { FactKind } from "./types.js";

const KINDS: FactKind[] = [
  "identifier",
  "decision",
  "updated-value",
  "dated-event",
  "two-hop",
  "negative",
];

describe("planted facts", () => {
  const { messages, truth } = generateConversation({ seed: 7, messages: 2000 });
  const planted = truth.facts.filter((fact) => fact.kind !== "negative");
  const negatives = truth.facts.filter((fact) => fact.kind === "negative");
  const text = (seq: number): string => messages[seq]?.content ?? "";

  it("plants at least 20 facts in 2k messages, of every kind, with unique ids and keys", () => {
    expect(truth.facts.length).toBeGreaterThanOrEqual(20);
    for (const kind of KINDS) expect(truth.facts.some((fact) => fact.kind === kind)).toBe(true);
    expect(new Set(truth.facts.map((fact) => fact.id)).size).toBe(truth.facts.length);
    expect(new Set(truth.facts.map((fact) => fact.key.toLowerCase())).size).toBe(
      truth.facts.length,
    );
  });

  it("states every planted answer verbatim in message seq, inside ordinary messages", () => {
    for (const fact of planted) {
      expect(text(fact.seq)).toContain(fact.answer);
      expect(fact.seqs).toContain(fact.seq);
      expect([...fact.seqs].sort((left, right) => left - right)).toEqual(fact.seqs);
      for (const seq of fact.seqs) expect(["user", "assistant"]).toContain(messages[seq]?.role);
      expect(messages[fact.seq]?.tool_calls).toBeUndefined();
    }
  });

  it("states the key words of each fact where it is planted", () => {
    for (const fact of planted) {
      const statements = fact.seqs.map(text).join("\n");
      expect(statements).toContain(fact.key);
      for (const word of fact.question.split(" ")) expect(statements).toContain(word);
    }
  });

  it("words reworded questions differently from the keyword question", () => {
    for (const fact of truth.facts) {
      expect(fact.rewordedQuestion).not.toBe(fact.question);
      expect(fact.rewordedQuestion.length).toBeGreaterThan(fact.question.length);
    }
  });

  it("puts the latest value of an updated fact at seq and every older value before it", () => {
    const updated = planted.filter((fact) => fact.kind === "updated-value");
    expect(updated.length).toBeGreaterThan(0);
    for (const fact of updated) {
      const stale = fact.staleAnswers ?? [];
      expect(stale.length).toBeGreaterThanOrEqual(1);
      expect(fact.seqs).toHaveLength(stale.length + 1);
      expect(fact.seq).toBe(fact.seqs.at(-1));
      stale.forEach((value, index) => {
        expect(value).not.toBe(fact.answer);
        expect(text(fact.seqs[index]!)).toContain(value);
        expect(fact.seqs[index]!).toBeLessThan(fact.seq);
      });
    }
  });

  it("splits two-hop facts over two messages linked by a name", () => {
    const twoHop = planted.filter((fact) => fact.kind === "two-hop");
    expect(twoHop.length).toBeGreaterThan(0);
    for (const fact of twoHop) {
      expect(fact.seqs).toHaveLength(2);
      const other = fact.seqs.find((seq) => seq !== fact.seq)!;
      expect(text(other)).toContain(fact.key);
      expect(text(other)).not.toContain(fact.answer);
    }
  });

  it("never states the answer of a negative anywhere", () => {
    expect(negatives.length).toBeGreaterThanOrEqual(3);
    for (const fact of negatives) {
      expect(fact.seq).toBe(-1);
      expect(fact.seqs).toEqual([]);
      for (const message of messages) expect(message.content ?? "").not.toContain(fact.answer);
      for (const message of messages) {
        for (const call of message.tool_calls ?? [])
          expect(call.function.arguments).not.toContain(fact.answer);
      }
    }
  });

  it("spreads facts over the whole depth of the conversation", () => {
    const seqs = planted.flatMap((fact) => fact.seqs).sort((left, right) => left - right);
    expect(seqs[0]!).toBeLessThan(messages.length / 10);
    expect(seqs.at(-1)!).toBeGreaterThan((messages.length * 8) / 10);
    for (let decile = 0; decile < 10; decile += 1) {
      const low = (decile * messages.length) / 10;
      const high = low + messages.length / 10;
      expect(seqs.some((seq) => seq >= low && seq < high)).toBe(true);
    }
  });

  it("plants about one fact per 150 messages in long conversations", () => {
    expect(countSlots(2000)).toBe(30);
    expect(countSlots(20_000)).toBe(134);
    expect(countSlots(100_000)).toBe(667);
    const long = generateConversation({ seed: 3, messages: 20_000, toolOutputChars: [100, 200] });
    const count = long.truth.facts.filter((fact) => fact.kind !== "negative").length;
    expect(count).toBeGreaterThan(80);
    expect(count).toBeLessThan(140);
  });

  it.each([1, 2, 3, 4, 5, 6, 8, 9])("keeps every guarantee with seed %i", (seed) => {
    const other = generateConversation({ seed, messages: 2000, toolOutputChars: [300, 900] });
    const all = other.messages.map((message) => message.content ?? "").join("\n");
    expect(other.truth.facts.length).toBeGreaterThanOrEqual(20);
    for (const fact of other.truth.facts) {
      if (fact.kind === "negative") {
        expect(all).not.toContain(fact.answer);
        continue;
      }
      expect(other.messages[fact.seq]?.content).toContain(fact.answer);
      for (const [index, value] of (fact.staleAnswers ?? []).entries()) {
        expect(other.messages[fact.seqs[index]!]?.content).toContain(value);
      }
    }
  });
});
