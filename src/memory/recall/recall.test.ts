import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { vectorLegWeight } from "./recall.js";
import { fuseRankings, RRF_K } from "./recall-fusion.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

describe("fuseRankings", () => {
  it("sums 1/(k + rank) over the rankings, best first", () => {
    const fused = fuseRankings([
      ["a", "b", "c"],
      ["c", "d"],
    ]);
    expect(fused.map((entry) => entry.item)).toEqual(["c", "a", "b", "d"]); // b and d tie: first seen first
    expect(fused[0]?.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1), 12);
    expect(fused[1]?.score).toBeCloseTo(1 / (RRF_K + 1), 12);
  });

  it("adds nothing from a ranking weighted 0, not even its items at the end", () => {
    const fused = fuseRankings(
      [
        ["a", "b"],
        ["c", "a"],
      ],
      RRF_K,
      [1, 0],
    );
    expect(fused.map((entry) => entry.item)).toEqual(["a", "b"]);
  });

  it("ranks an item both rankings hold above one ranked first by only one", () => {
    const fused = fuseRankings([
      ["only-text", "both"],
      ["only-vector", "both"],
    ]);
    expect(fused[0]?.item).toBe("both");
  });

  it("lets a lexical local embedder re-order FTS hits but never outvote them", () => {
    const weights = [1, vectorLegWeight("local-hash-v1-384")];
    const fused = fuseRankings(
      [
        ["fts-first", "fts-second"],
        ["vec-only", "fts-second"],
      ],
      RRF_K,
      weights,
    );
    expect(fused.map((entry) => entry.item)).toEqual(["fts-second", "fts-first", "vec-only"]);
    const model = fuseRankings([["fts-first"], ["vec-only"]], RRF_K, [
      1,
      vectorLegWeight("openai:text-embedding-3-small"),
    ]);
    expect(model[0]?.score).toBeCloseTo(model[1]?.score ?? 0, 12);
  });
});

describe("recall", () => {
  const plantAt = 37;
  const plant = (turn: number) =>
    turn === plantAt ? "Note that the vault code is ZX-4471-QP." : null;

  it("finds a planted fact and returns the message that holds it", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 80, plant }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "what is the vault code", k: 5 });
    const top = report.results[0];
    expect(top).toBeDefined();
    expect(top?.seqStart).toBe(plantAt * 4);
    // The reply and tool output after it match through their context field (the two messages
    // before them), so the result may widen over its turn (4 messages), never past it.
    expect(top?.seqEnd).toBeGreaterThan(plantAt * 4);
    expect(top?.seqEnd).toBeLessThanOrEqual(plantAt * 4 + 4);
    expect(top?.snippet).toContain("vault");
    expect(report.results.length).toBeLessThanOrEqual(5);
  });

  it("never returns overlapping ranges, and honours filters", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 40 }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "postgres replica vacuum", k: 8 });
    const ranges = report.results.map((result) => [result.seqStart, result.seqEnd] as const);
    for (const [index, [start, end]] of ranges.entries()) {
      for (const [otherStart, otherEnd] of ranges.slice(index + 1)) {
        expect(start < otherEnd && otherStart < end).toBe(false);
      }
    }
    const late = await memory.engine.recall({
      query: "postgres",
      k: 8,
      filters: { after: "2026-03-01T09:00:00.000Z" },
    });
    expect(late.results.every((result) => result.ts >= "2026-03-01T09:00:00.000Z")).toBe(true);
    const none = await memory.engine.recall({
      query: "postgres",
      k: 8,
      filters: { session: "nope" },
    });
    expect(none.results).toEqual([]);
  });

  it("says nothing rather than returning what does not match", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 40 }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "zebra giraffe", k: 10 });
    expect(report.results).toEqual([]);
  });

  it("returns only messages holding a query word in their text, the two before, or the speaker", async () => {
    // docs/cli.md's promise: the index holds each message's context (the two messages before it,
    // ADR 0004 round 6), so a reply right after the words can match without them.
    memory = openTestMemory();
    const at = (minute: number) => `2026-03-01T08:${String(minute).padStart(2, "0")}:00.000Z`;
    const said = [
      "We adopted a beagle named Pixel last spring.",
      "Aww, that is lovely news!",
      "Anyway, how was work today?",
      "Busy. The quarterly report is due on Friday.",
      "Good luck with it, and get some sleep.",
      "Thanks, I will try to rest this weekend.",
    ];
    memory.store.appendMessages(
      said.map((content, index) => ({
        ts: at(index),
        role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content,
      })),
    );
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "beagle", k: 10 });
    const shown = report.results.map((result) => result.seqStart);
    expect(shown).toContain(0);
    // "Anyway, how was work today?" holds no query word; the two messages before it do.
    expect(shown).toContain(2);
    for (const result of report.results) {
      const near = said.slice(Math.max(0, result.seqStart - 2), result.seqEnd).join(" ");
      expect(near.toLowerCase()).toContain("beagle");
    }
    expect(shown).not.toContain(4);
  });

  it("finds a fact asked in words the history never uses, through their synonyms", async () => {
    memory = openTestMemory();
    const fact = (turn: number) =>
      turn === 12 ? "Worth remembering: the summer holiday budget is 2400 euros." : null;
    memory.store.appendMessages(buildConversation({ turns: 40, plant: fact }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "How much can the vacation cost?", k: 5 });
    expect(report.results[0]?.seqStart).toBe(12 * 4);
    expect(report.results[0]?.snippet).toContain("2400 euros");
  });

  it("returns one result per turn: the matching message, widened only by adjacent hits", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 40 }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "postgres replica vacuum", k: 10 });
    expect(report.results.length).toBeGreaterThan(1);
    const turns = report.results.map(
      (result) => `${result.session}:${Math.floor(result.seqStart / 4)}`,
    );
    expect(new Set(turns).size).toBe(turns.length);
    // buildConversation turns are 4 messages: a result never leaves its turn.
    for (const result of report.results) {
      expect(Math.floor((result.seqEnd - 1) / 4)).toBe(Math.floor(result.seqStart / 4));
    }
  });

  it("searches every session, not just the active one", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(
      buildConversation({
        turns: 10,
        plant: (turn) => (turn === 3 ? "The ferry leaves at 07:40." : null),
      }),
    );
    const first = memory.store.sessionLog.sessionId;
    memory.clock.advance(60_000);
    memory.store.sessionLog.startNew();
    memory.store.appendMessages(buildConversation({ turns: 10 }));
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "ferry leaves", k: 3 });
    expect(report.results[0]?.session).toBe(first);
    const stats = await memory.engine.recallStats();
    expect(stats).toMatchObject({ messages: 80, sessions: 2, vectors: 80 });
  });

  it("ranks the latest value of a changed fact above the superseded ones", async () => {
    memory = openTestMemory();
    const values = new Map([
      [5, "The dependabot replica count is 12 for now."],
      [18, "Change of plan, the dependabot replica count goes to 30."],
      [31, "Update: dependabot replica count is 56 from today."],
    ]);
    memory.store.appendMessages(
      buildConversation({ turns: 40, plant: (turn) => values.get(turn) ?? null }),
    );
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "dependabot replica count", k: 5 });
    expect(report.results.slice(0, 3).map((result) => result.seqStart)).toEqual([
      31 * 4,
      18 * 4,
      5 * 4,
    ]);
  });

  it("never lets a newer tool output naming the same words pass for a newer value", async () => {
    memory = openTestMemory();
    memory.store.appendMessages([
      ...buildConversation({
        turns: 30,
        plant: (turn) => (turn === 4 ? "The partner access key id we got is XP-6224-BE." : null),
      }),
      {
        ts: "2026-03-02T08:00:00.000Z",
        role: "tool" as const,
        content:
          "access.log:1737: partner-api 429: WARN request id 77 over quota\n" +
          "access.log:1738: key rotation for partner-api: access denied",
        toolCallId: "call_logs",
        meta: { tool: "bash" },
      },
    ]);
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({ query: "partner access key id", k: 5 });
    expect(report.results[0]?.snippet).toContain("XP-6224-BE");
  });

  it("ranks the message that states a fact above tool outputs repeating its words", async () => {
    memory = openTestMemory();
    const rows = Array.from(
      { length: 12 },
      (_, row) => `quote,${row},kitchen renovation,contractor`,
    );
    const dump = (turn: number) => ({
      ts: `2026-03-01T08:${String(turn).padStart(2, "0")}:00.000Z`,
      role: "tool" as const,
      content: ["item,amount,category,source", ...rows].join("\n"),
      toolCallId: `call_${turn}`,
      meta: { tool: "bash" },
    });
    const call = (turn: number) => ({
      ts: `2026-03-01T08:${String(turn).padStart(2, "0")}:00.000Z`,
      role: "assistant" as const,
      content: "",
      toolCalls: [
        {
          id: `call_${turn}`,
          type: "function" as const,
          function: { name: "bash", arguments: '{"command":"cat quotes.csv"}' },
        },
      ],
    });
    const statement = {
      ts: "2026-03-01T09:00:00.000Z",
      role: "assistant" as const,
      content:
        "Done. The tiles arrive on Monday, and the old cabinets go to the recycling centre " +
        "on Tuesday morning before the plumber comes.\n\nFinal call on the contractor for the " +
        "kitchen renovation: Nordic Interiors, because they can start in May.",
    };
    const onlyInOutput = { ...dump(40), content: "error: ERR_TLS_CERT_ALTNAME_INVALID on db-04" };
    memory.store.appendMessages([
      ...Array.from({ length: 20 }, (_, turn) => [call(turn), dump(turn)]).flat(),
      statement,
      call(40),
      onlyInOutput,
    ]);
    await memory.engine.runUntilIdle();
    const report = await memory.engine.recall({
      query: "contractor for the kitchen renovation",
      k: 5,
    });
    expect(report.results[0]?.snippet).toContain("Nordic Interiors");
    const error = await memory.engine.recall({ query: "ERR_TLS_CERT_ALTNAME_INVALID", k: 5 });
    expect(error.results[0]?.snippet).toContain("db-04");
  });
});
