// The common words' index (word-index.ts) ranks exactly as FTS5's bm25() does: same messages,
// same scores; it catches up on new messages, and steps aside (FTS5 alone) when messages were
// deleted, since FTS5 keeps scoring with the totals it had.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../test/support/memory-fixtures.js";
import { ftsPhrases } from "./fts-query.js";
import { DEFAULT_FIELD_WEIGHTS } from "./message-repo.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const COMMON = ["status", "deploy", "service", "logs", "check", "déploiement"];
const WEIGHTS = Object.values(DEFAULT_FIELD_WEIGHTS);
const QUERIES = [
  "status of the deploy for svc-17",
  "latency logs check",
  "déploiement status µs",
  "which service had the 🤔 latency",
  "Viktor deploy logs",
];

/** A deterministic history: common words in most messages, ids, repeats, non-ASCII, tool calls. */
function history(count: number, from = 0) {
  let seed = 7 + from;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const words = Array.from({ length: 3 + Math.floor(next() * 8) }, () => {
      const word = COMMON[Math.floor(next() * COMMON.length)] ?? "status";
      return next() < 0.1 ? `${word} ${word} ${word} ${word}` : word;
    });
    // Now and then a word 130 times: a count past one byte in the postings.
    const odd = n % 9 === 0 ? " 2µs 🤔" : n % 97 === 0 ? ` ${"latency ".repeat(130)}` : "";
    // A common word most messages lack (its idf above bm25's floor).
    const some = n % 5 === 0 ? " latency" : "";
    return {
      role: n % 2 === 0 ? ("assistant" as const) : ("user" as const),
      content: `m${n} svc-${n % 40} ${words.join(" ")}${some}${odd}`,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + n * 60_000).toISOString(),
      meta: { interface: "import", name: n % 2 === 0 ? "kern" : "Viktor" },
      ...(n % 7 === 0
        ? {
            toolCalls: [
              {
                id: `call_${n}`,
                type: "function" as const,
                function: { name: "check_logs", arguments: `{"service":"svc-${n % 40}"}` },
              },
            ],
          }
        : {}),
    };
  });
}

/** FTS5 alone: a filter every message passes takes search's FTS5 path. */
function ftsAlone(query: string) {
  return memory?.store.messages.search(query, {
    k: 20,
    filters: { after: "2000-01-01T00:00:00.000Z" },
  });
}

function expectSameRanking(query: string) {
  const store = memory?.store;
  if (!store) throw new Error("no store");
  const expected = ftsAlone(query) ?? [];
  const got = store.messages.search(query, { k: 20 });
  expect(got.map((hit) => hit.score)).toHaveLength(expected.length);
  // Relative: words most messages hold score near bm25's idf floor (1e-6).
  got.forEach((hit, index) => {
    const want = expected[index]?.score ?? Number.NaN;
    expect(Math.abs(hit.score - want) / Math.abs(want)).toBeLessThan(1e-9);
  });
  const expectedIds = new Set(expected.map((hit) => hit.id));
  // Equal scores may swap places at the k-th; every other message is the same.
  expect(got.filter((hit) => expectedIds.has(hit.id)).length).toBeGreaterThanOrEqual(
    expected.length - 1,
  );
}

function indexAnswers(query: string): boolean {
  const words = memory?.store.messages.words;
  return words?.rank(ftsPhrases(query), WEIGHTS, 20) != null;
}

describe("the common words' index", () => {
  it("ranks the same messages with the same scores as FTS5's bm25()", () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(1200));
    expect(memory.store.messages.words.ready).toBe(false);
    memory.store.messages.words.warmAll();
    expect(memory.store.messages.words.ready).toBe(true);
    for (const query of QUERIES) {
      expect(indexAnswers(query)).toBe(true);
      expectSameRanking(query);
    }
  });

  it("holds only the most common words that fit its budget, and still ranks as FTS5 does", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(1200));
    const { words } = memory.store.messages;
    words.budgetBytes = 1200 * 3.5 * 3;
    words.warmAll();
    // About three words held by every message fit; the unbounded index holds more (below).
    expect(words.wordCount).toBeGreaterThan(0);
    expect(words.wordCount).toBeLessThanOrEqual(3);
    expect(words.bytes).toBeLessThan(1200 * 4 + 1200 * 3.5 * 3 * 1.5);
    // A question with a held word is answered by the index (the rest of its words by FTS5); one
    // without is FTS5's alone. Either way the ranking is FTS5's.
    expect(QUERIES.filter(indexAnswers).length).toBeGreaterThan(0);
    for (const query of QUERIES) expectSameRanking(query);
    const held = words.wordCount;
    const unbounded = openTestMemory();
    try {
      unbounded.store.appendMessages(history(1200));
      unbounded.store.messages.words.warmAll();
      expect(unbounded.store.messages.words.wordCount).toBeGreaterThan(held);
    } finally {
      await unbounded.close();
    }
  });

  it("reads which messages' own text holds a word, and who is a speaker, as FTS5 does", () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(1200));
    const { proximity, words } = memory.store.messages;
    const asked = ["status", "logs", "svc", "viktor", "déploiement", "µs", "m7"];
    const speakers = ["viktor", "kern", "status", "import", "logs"];
    const fromFts = [proximity.holders(asked, 5000), proximity.holders(asked, 100)];
    const namedFromFts = speakers.map((word) => memory?.store.messages.namesSpeaker(word));
    expect(fromFts[0]?.get("viktor")).toEqual([]);
    expect(fromFts[1]?.get("status")).toBeNull();
    expect(namedFromFts).toEqual([true, true, false, true, false]);
    words.warmAll();
    // The index answers for the common words, FTS5 still for the others.
    expect([...words.ownTextHolders(asked, 5000).keys()]).toEqual([
      "status",
      "logs",
      "svc",
      "viktor",
      "déploiement",
    ]);
    expect(words.inEnvelope("viktor")).toBe(true);
    expect(words.inEnvelope("status")).toBe(false);
    expect([proximity.holders(asked, 5000), proximity.holders(asked, 100)]).toEqual(fromFts);
    expect(speakers.map((word) => memory?.store.messages.namesSpeaker(word))).toEqual(namedFromFts);
  });

  it("catches up on messages added after it was built", () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(900));
    memory.store.messages.words.warmAll();
    // A search first: its check passes, and a later one must still see what came after it.
    expectSameRanking(QUERIES[0] ?? "");
    memory.store.appendMessages(history(60, 900));
    for (const query of QUERIES) {
      expect(indexAnswers(query)).toBe(true);
      expectSameRanking(query);
    }
  });

  it("leaves a long catch-up to the builder: FTS5 answers until it has caught up", () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(900));
    memory.store.messages.words.warmAll();
    memory.store.appendMessages(history(200, 900));
    expect(indexAnswers(QUERIES[0] ?? "")).toBe(false);
    expectSameRanking(QUERIES[0] ?? "");
    memory.store.messages.words.warmAll();
    for (const query of QUERIES) {
      expect(indexAnswers(query)).toBe(true);
      expectSameRanking(query);
    }
  });

  it("steps aside when messages were deleted: FTS5 still scores with their counts", () => {
    memory = openTestMemory();
    memory.store.appendMessages(history(900));
    memory.store.messages.words.warmAll();
    memory.store.db.prepare("DELETE FROM messages WHERE id % 5 = 0").run();
    expect(indexAnswers(QUERIES[0] ?? "")).toBe(false);
    expect(memory.store.messages.words.ready).toBe(false);
    // Built again, it still holds back: FTS5's totals count the deleted messages.
    memory.store.messages.words.warmAll();
    for (const query of QUERIES) {
      expect(indexAnswers(query)).toBe(false);
      expectSameRanking(query);
    }
  });
});
