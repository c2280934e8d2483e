import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import {
  applyObservation,
  planWorkingMemoryUpdate,
  splitExchanges,
  turnsBetween,
} from "./working-memory-planner.js";
import type { ExchangeObservation } from "./working-memory-rules.js";
import {
  emptyWorkingMemoryState,
  FADE_AFTER_TURNS,
  type WorkingMemoryState,
} from "./working-memory-state.js";

function observation(seq: number, parts: Partial<ExchangeObservation> = {}): ExchangeObservation {
  return {
    seq,
    date: "2026-04-02",
    request: null,
    nextStep: null,
    decisions: [],
    files: [],
    context: [],
    preferences: [],
    text: "",
    ...parts,
  };
}

/** One user turn per seq 0, 2, 4, … */
const USER_SEQS = Array.from({ length: 200 }, (_, index) => index * 2);

function apply(state: WorkingMemoryState, ...steps: ExchangeObservation[]): WorkingMemoryState {
  return steps.reduce((current, step) => applyObservation(current, step, USER_SEQS), state);
}

describe("applyObservation", () => {
  it("appends decisions and never drops or repeats one", () => {
    const decided = { text: "Use SQLite for the cache", reason: "no server" };
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { decisions: [decided] }),
      observation(2, { decisions: [{ text: "use sqlite for the cache.", reason: null }] }),
      observation(4, { decisions: [{ text: "Deploy on Fridays", reason: null }] }),
    );
    expect(state.decisions).toEqual([
      { date: "2026-04-02", ...decided, seq: 0 },
      { date: "2026-04-02", text: "Deploy on Fridays", reason: null, seq: 4 },
    ]);
  });

  it("drops an echo of a decision made in the same exchange", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, {
        decisions: [
          { text: "We decided to use SQLite for the cache", reason: "no server" },
          { text: "Let's go with SQLite", reason: null },
        ],
      }),
    );
    expect(state.decisions.map((item) => item.text)).toEqual([
      "We decided to use SQLite for the cache",
    ]);
  });

  it("replaces a preference with a later one on the same subject and keeps the others", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { preferences: [{ text: "I prefer tabs for indentation", replaces: null }] }),
      observation(2, { preferences: [{ text: "I prefer short answers", replaces: null }] }),
      observation(4, {
        preferences: [{ text: "I prefer spaces for indentation", replaces: null }],
      }),
    );
    expect(state.preferences).toEqual([
      { text: "I prefer short answers", seq: 2 },
      { text: "I prefer spaces for indentation", seq: 4 },
    ]);
  });

  it("lets the model name the preference it replaces", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { preferences: [{ text: "Answer in German", replaces: null }] }),
      observation(2, { preferences: [{ text: "Reply in English", replaces: "Answer in German" }] }),
    );
    expect(state.preferences.map((item) => item.text)).toEqual(["Reply in English"]);
  });

  it(`fades context not mentioned for ${FADE_AFTER_TURNS} turns, and a mention refreshes it`, () => {
    let state = apply(
      emptyWorkingMemoryState(),
      observation(0, { context: ["The staging host is staging-7"] }),
      observation(2, { context: ["The release freeze starts on May 4"] }),
    );
    for (let turn = 2; turn <= FADE_AFTER_TURNS; turn += 1) {
      const text = turn === 15 ? "Is the release freeze still on?" : "other things";
      state = apply(state, observation(turn * 2, { text }));
    }
    // Turn 20 (seq 40): staging-7 was last seen 20 turns ago, the freeze 5 turns ago.
    expect(state.context).toEqual([{ text: "The release freeze starts on May 4", lastSeq: 30 }]);
  });

  it("moves a mentioned item to the top", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { context: ["The staging host is staging-7"] }),
      observation(2, { context: ["Invoices go out monthly"] }),
      observation(4, { text: "restart staging-7 please, the staging host hangs" }),
    );
    expect(state.context.map((item) => item.lastSeq)).toEqual([4, 2]);
    expect(state.context[0]?.text).toContain("staging-7");
  });

  it("keeps the old task as context when the work moves to another topic", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { request: "Set up the cache module", nextStep: "write it" }),
      observation(2, { request: "Add tests for the cache module" }),
      observation(4, { request: "Plan the garden irrigation" }),
    );
    expect(state.task).toEqual({ now: "Plan the garden irrigation", next: null });
    expect(state.context).toEqual([
      { text: "Earlier task: Add tests for the cache module", lastSeq: 4 },
    ]);
  });

  it("keeps one item per file and says what happened to it", () => {
    const state = apply(
      emptyWorkingMemoryState(),
      observation(0, { files: [{ path: "a.ts", tool: "write", detail: "3 lines" }] }),
      observation(2, { files: [{ path: "a.ts", tool: "edit", detail: "" }] }),
      observation(4, { files: [{ path: "b.ts", tool: "edit", detail: "" }] }),
    );
    expect(state.files).toEqual([
      { path: "a.ts", note: "created, then edited (edit)", seq: 2 },
      { path: "b.ts", note: "edited (edit)", seq: 4 },
    ]);
  });

  it("never changes the state it was given", () => {
    const before = apply(emptyWorkingMemoryState(), observation(0, { context: ["a fact here"] }));
    const copy = structuredClone(before);
    apply(before, observation(2, { request: "something else entirely", context: ["more"] }));
    expect(before).toEqual(copy);
  });
});

describe("planWorkingMemoryUpdate", () => {
  const ts = "2026-04-02T06:00:00.000Z";
  const messages: SessionMessage[] = [
    { seq: 5, ts, role: "assistant", content: "Done with the cache." },
    { seq: 6, ts, role: "user", content: "Now plan the garden irrigation for me." },
    { seq: 7, ts, role: "assistant", content: "Next I will list the beds." },
  ];

  it("splits messages into exchanges at each user message", () => {
    expect(splitExchanges(messages).map((group) => group.map((item) => item.seq))).toEqual([
      [5],
      [6, 7],
    ]);
  });

  it("returns the state before the last exchange for the keeper model", () => {
    const plan = planWorkingMemoryUpdate({
      state: emptyWorkingMemoryState(),
      messages,
      userSeqs: [0, 6],
    });
    expect(plan.beforeLast.task).toBeNull();
    expect(plan.state.task).toEqual({
      now: "Now plan the garden irrigation for me.",
      next: "Next I will list the beds.",
    });
    expect(plan.last?.messages.map((item) => item.seq)).toEqual([6, 7]);
  });

  it("leaves a NO_REPLY heartbeat turn out: the task stays, the keeper gets nothing new", () => {
    const beat: SessionMessage[] = [
      {
        seq: 8,
        ts,
        role: "user",
        content: "[via heartbeat, 2026-04-02T06:30Z]\nRead HEARTBEAT.md and check each item.",
        meta: { interface: "heartbeat", turnId: "hb", kind: "heartbeat" },
      },
      { seq: 9, ts, role: "assistant", content: "NO_REPLY", meta: { turnId: "hb", silent: true } },
    ];
    const before = planWorkingMemoryUpdate({
      state: emptyWorkingMemoryState(),
      messages,
      userSeqs: [0, 6],
    });
    const plan = planWorkingMemoryUpdate({
      state: before.state,
      messages: beat,
      userSeqs: [0, 6, 8],
    });
    expect(plan.last).toBeNull();
    expect(plan.state.task?.now).toBe("Now plan the garden irrigation for me.");
    const both = planWorkingMemoryUpdate({
      state: emptyWorkingMemoryState(),
      messages: [...messages, ...beat],
      userSeqs: [0, 6, 8],
    });
    expect(both.last?.messages.map((item) => item.seq)).toEqual([6, 7]);
    expect(both.state.task?.next).toBe("Next I will list the beds.");
  });

  it("counts the user turns between two seqs", () => {
    expect(turnsBetween([0, 4, 8, 12], 4, 12)).toBe(2);
  });
});
