import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { closeToolCalls, LOW_WATER, planTrim } from "./trim-window.js";

const ts = "2026-04-02T06:00:00.000Z";
const user = (seq: number): SessionMessage => ({ seq, ts, role: "user", content: `u${seq}` });
const call = (seq: number, ...ids: string[]): SessionMessage => ({
  seq,
  ts,
  role: "assistant",
  content: null,
  toolCalls: ids.map((id) => ({
    id,
    type: "function",
    function: { name: "bash", arguments: "{}" },
  })),
});
const result = (seq: number, id: string): SessionMessage => ({
  seq,
  ts,
  role: "tool",
  content: "ok",
  toolCallId: id,
});

describe("closeToolCalls", () => {
  it("keeps complete call/result pairs untouched", () => {
    const window = [user(0), call(1, "a", "b"), result(2, "a"), result(3, "b"), user(4)];
    expect(closeToolCalls(window)).toEqual(window);
  });

  it("turns a tool result whose call is not in the window into readable text, never drops it", () => {
    const closed = closeToolCalls([
      result(0, "x"),
      user(1),
      call(2, "a"),
      result(3, "a"),
      result(4, "a"),
    ]);
    expect(closed.map((message) => message.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(closed[0]).toEqual({ seq: 0, ts, role: "assistant", content: "(tool output) ok" });
    expect(closed[3]?.role).toBe("tool");
    // A second result for the same call would be rejected by providers: it is text too.
    expect(closed[4]).toMatchObject({ role: "assistant", content: "(tool output) ok" });
  });

  it("removes calls whose result is missing and drops the message when nothing is left", () => {
    const closed = closeToolCalls([
      user(0),
      call(1, "a", "b"),
      result(2, "a"),
      user(3),
      call(4, "c"),
    ]);
    expect(closed.map((message) => message.seq)).toEqual([0, 1, 2, 3]);
    expect(closed[1]?.toolCalls?.map((toolCall) => toolCall.id)).toEqual(["a"]);
  });

  it("keeps the text of an assistant message whose only call lost its result", () => {
    const message = { ...call(1, "a"), content: "Running it." };
    const closed = closeToolCalls([user(0), message]);
    expect(closed[1]).toEqual({ seq: 1, ts, role: "assistant", content: "Running it." });
  });
});

describe("planTrim", () => {
  // Ten messages of 100 tokens; candidates are user messages at even seqs.
  const windowTokens = (seq: number) => (10 - seq) * 100;
  const base = { candidates: [2, 4, 6, 8], windowTokens, maxWindowBudget: 1_000 };

  it("trims nothing when everything fits", () => {
    expect(planTrim({ ...base, windowBudget: () => 1_000, previous: null })).toEqual({
      trimPoint: 0,
      fits: true,
    });
  });

  it("trims to the oldest candidate under the low-water mark", () => {
    const plan = planTrim({ ...base, windowBudget: () => 700, previous: null });
    expect(plan.trimPoint).toBe(6);
    expect(windowTokens(plan.trimPoint)).toBeLessThanOrEqual(LOW_WATER * 700);
  });

  it("leaves at most headroomCap tokens of headroom when the cap is smaller", () => {
    // 20% of 900 is 180 tokens of headroom (trim at 4: 600 tokens); a 100-token cap fills to 800.
    expect(planTrim({ ...base, windowBudget: () => 900, previous: null }).trimPoint).toBe(4);
    const capped = planTrim({ ...base, windowBudget: () => 900, previous: null, headroomCap: 100 });
    expect(capped.trimPoint).toBe(2);
    expect(windowTokens(capped.trimPoint)).toBeGreaterThan(LOW_WATER * 900);
    expect(windowTokens(capped.trimPoint)).toBeLessThanOrEqual(900 - 100);
  });

  it("keeps the previous trim point while its window fits", () => {
    expect(planTrim({ ...base, windowBudget: () => 800, previous: 4 }).trimPoint).toBe(4);
    expect(planTrim({ ...base, windowBudget: () => 500, previous: 4 }).trimPoint).toBe(6);
  });

  it("reports when not even the newest candidate fits", () => {
    expect(planTrim({ ...base, windowBudget: () => 100, previous: null })).toEqual({
      trimPoint: 8,
      fits: false,
    });
  });

  it("charges the summary's cost against the window", () => {
    // A trim point further on needs more summary: only 8 leaves enough room.
    const plan = planTrim({ ...base, windowBudget: (seq) => 1_000 - seq * 100, previous: null });
    expect(windowTokens(plan.trimPoint)).toBeLessThanOrEqual(1_000 - plan.trimPoint * 100);
  });
});
