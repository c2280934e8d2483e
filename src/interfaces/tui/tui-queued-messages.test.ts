// Where a message sent while a reply streams goes (ADR 0009): below the reply, marked queued, in
// order once its turn starts — whichever of POST /message's answer and turn-queue comes first.
import { describe, expect, it } from "vitest";
import { countSettledItems } from "./tui-state.js";
import { envelope, events, run, shown } from "./tui-state-test-kit.js";

describe("tuiReducer with messages sent mid-reply", () => {
  it("shows a message sent mid-turn as queued below the reply, and in order once its turn starts", () => {
    const midTurn = run([
      ...events(
        { type: "turn-start", turnId: "t1", envelope: envelope("first") },
        { type: "text-delta", turnId: "t1", text: "Work" },
      ),
      { type: "message-send", localId: 1, text: "second" },
      ...events(
        { type: "turn-queue", turnId: "t2", envelope: envelope("second"), position: 1 },
        { type: "text-delta", turnId: "t1", text: "ing." },
      ),
    ]);
    expect(shown(midTurn)).toEqual(["user:first", "assistant:Working.", "user:second"]);
    const queued = midTurn.items.at(-1);
    expect(queued?.kind === "user" && queued.queued).toBe(true);
    expect(countSettledItems(midTurn)).toBe(1);
    const next = run(
      events(
        { type: "tool-call", turnId: "t1", callId: "c1", name: "bash", arguments: "{}" },
        { type: "turn-end", turnId: "t1", text: "Working.", stopReason: "end" },
        { type: "turn-start", turnId: "t2", envelope: envelope("second") },
        { type: "text-delta", turnId: "t2", text: "Sure." },
      ),
      midTurn,
    );
    expect(shown(next)).toEqual([
      "user:first",
      "assistant:Working.",
      "tool:bash:…",
      "user:second",
      "assistant:Sure.",
    ]);
    expect(next.items.some((item) => item.kind === "user" && item.queued)).toBe(false);
  });

  it("keeps the reply whole when POST /message answers before turn-queue and deltas come between", () => {
    // Issue 48 item 6: the message typed mid-reply was drawn inside the reply, for good.
    const start = run(
      events(
        { type: "turn-start", turnId: "t1", envelope: envelope("first") },
        { type: "text-delta", turnId: "t1", text: "Work" },
      ),
    );
    const midTurn = run(
      [
        { type: "message-send", localId: 1, text: "second" },
        ...events({ type: "text-delta", turnId: "t1", text: "ing" }),
        { type: "message-accept", localId: 1, turnId: "t2" },
        ...events(
          { type: "text-delta", turnId: "t1", text: " on" },
          { type: "turn-queue", turnId: "t2", envelope: envelope("second"), position: 1 },
          { type: "tool-call", turnId: "t1", callId: "c1", name: "bash", arguments: "{}" },
          { type: "text-delta", turnId: "t1", text: "Done." },
        ),
      ],
      start,
    );
    expect(shown(midTurn)).toEqual([
      "user:first",
      "assistant:Working on",
      "tool:bash:…",
      "assistant:Done.",
      "user:second",
    ]);
    const queued = midTurn.items.at(-1);
    expect(queued?.kind === "user" && queued.queued).toBe(true);
    expect(countSettledItems(midTurn)).toBe(1);
    const ended = run(
      events({ type: "turn-end", turnId: "t1", text: "Done.", stopReason: "end" }),
      midTurn,
    );
    // The reply settles; the queued message stays live (and marked) until its turn starts.
    expect(countSettledItems(ended)).toBe(4);
    const next = run(
      events(
        { type: "turn-start", turnId: "t2", envelope: envelope("second") },
        { type: "text-delta", turnId: "t2", text: "Sure." },
      ),
      ended,
    );
    expect(shown(next)).toEqual([...shown(midTurn), "assistant:Sure."]);
    expect(next.items.some((item) => item.kind === "user" && item.queued)).toBe(false);
  });

  it("marks our message queued when turn-queue comes after POST /message's answer", () => {
    const running = run(
      events(
        { type: "turn-start", turnId: "t1", envelope: envelope("first") },
        { type: "text-delta", turnId: "t1", text: "Working." },
      ),
    );
    // A turn the terminal had not seen running (e.g. a job's) when the message was typed.
    const unknown = { ...running, runningTurnId: null };
    const state = run(
      [
        { type: "message-send", localId: 1, text: "second" },
        { type: "message-accept", localId: 1, turnId: "t2" },
        ...events(
          { type: "text-delta", turnId: "t1", text: " More." },
          { type: "turn-queue", turnId: "t2", envelope: envelope("second"), position: 1 },
        ),
      ],
      unknown,
    );
    expect(shown(state)).toEqual(["user:first", "assistant:Working. More.", "user:second"]);
    const last = state.items.at(-1);
    expect(last?.kind === "user" && last.queued).toBe(true);
  });

  it("answers a chat command typed mid-reply below the reply, which stays whole", () => {
    const state = run([
      ...events(
        { type: "turn-start", turnId: "t1", envelope: envelope("first") },
        { type: "text-delta", turnId: "t1", text: "Work" },
      ),
      { type: "message-send", localId: 1, text: "/status" },
      { type: "message-accept", localId: 1, turnId: "c1" },
      ...events(
        { type: "turn-start", turnId: "c1", envelope: envelope("/status") },
        { type: "command-result", turnId: "c1", command: "status", text: "agent ok" },
        { type: "turn-end", turnId: "c1", text: "agent ok", stopReason: "command" },
        { type: "text-delta", turnId: "t1", text: "ing." },
      ),
    ]);
    expect(shown(state)).toEqual([
      "user:first",
      "assistant:Working.",
      "user:/status",
      "command:agent ok",
    ]);
    expect(state.items.some((item) => item.kind === "user" && item.queued)).toBe(false);
  });

  it("stops showing a queued message as waiting when its turn is cancelled before it starts", () => {
    const state = run([
      ...events({ type: "turn-start", turnId: "t1", envelope: envelope("first") }),
      { type: "message-send", localId: 1, text: "second" },
      { type: "message-accept", localId: 1, turnId: "t2" },
      ...events({ type: "turn-end", turnId: "t2", text: "", stopReason: "cancelled" }),
    ]);
    expect(state.items.some((item) => item.kind === "user" && item.queued)).toBe(false);
    expect(shown(state)).toEqual(["user:first", "user:second", "info:turn cancelled"]);
  });
});
