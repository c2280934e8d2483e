import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { historyToItems } from "./history-to-items.js";
import { countSettledItems, createInitialTuiState } from "./tui-state.js";
import { envelope, events, run, shown } from "./tui-state-test-kit.js";

describe("tuiReducer with stream events", () => {
  it("streams text into one reply and starts a new block after a tool call", () => {
    const state = run(
      events(
        { type: "turn-start", turnId: "t1", envelope: envelope("hi") },
        { type: "text-delta", turnId: "t1", text: "Let me " },
        { type: "text-delta", turnId: "t1", text: "look." },
        { type: "tool-call", turnId: "t1", callId: "c1", name: "bash", arguments: "{}" },
        {
          type: "tool-result",
          turnId: "t1",
          callId: "c1",
          name: "bash",
          output: "x",
          isError: false,
        },
        { type: "text-delta", turnId: "t1", text: "Done." },
      ),
    );
    expect(shown(state)).toEqual([
      "user:hi",
      "assistant:Let me look.",
      "tool:bash:x",
      "assistant:Done.",
    ]);
    expect(state.runningTurnId).toBe("t1");
    const ended = run(
      events({ type: "turn-end", turnId: "t1", text: "Done.", stopReason: "end" }),
      state,
    );
    expect(ended.runningTurnId).toBeNull();
    expect(ended.items).toHaveLength(4);
    expect(ended.statusVersion).toBe(state.statusVersion + 1);
  });

  it("matches our own sent message to its turn instead of showing it twice", () => {
    const state = run([
      { type: "message-send", localId: 1, text: "hello" },
      ...events({ type: "turn-queue", turnId: "t1", envelope: envelope("hello"), position: 1 }),
      { type: "message-accept", localId: 1, turnId: "t1" },
      ...events({ type: "turn-start", turnId: "t1", envelope: envelope("hello") }),
    ]);
    expect(shown(state)).toEqual(["user:hello"]);
    expect(state.items[0]).toMatchObject({ turnId: "t1", pending: false });
  });

  it("shows who sent messages from other interfaces", () => {
    const state = run(
      events({
        type: "turn-start",
        turnId: "t1",
        envelope: envelope("hey", { interface: "telegram", name: "Ann" }),
      }),
    );
    expect(state.items[0]).toMatchObject({ kind: "user", text: "hey", from: "telegram · Ann" });
  });

  it("marks a message that could not be sent", () => {
    const state = run([
      { type: "message-send", localId: 7, text: "hello" },
      { type: "message-fail", localId: 7, error: "the daemon is not answering" },
    ]);
    expect(shown(state)).toEqual(["user:hello (failed)"]);
  });

  it("shows command results, cancellations, errors and a final text whose deltas were missed", () => {
    const state = run(
      events(
        { type: "command-result", turnId: "t1", command: "status", text: "all good" },
        { type: "turn-end", turnId: "t1", text: "all good", stopReason: "command" },
        { type: "turn-end", turnId: "t2", text: "", stopReason: "cancelled" },
        {
          type: "turn-end",
          turnId: "t3",
          text: "",
          stopReason: "error",
          error: { code: "KERN_MODEL_HTTP", message: "503" },
        },
        { type: "turn-end", turnId: "t4", text: "late reply", stopReason: "end" },
        { type: "error", code: "KERN_X", message: "something broke" },
      ),
    );
    expect(shown(state)).toEqual([
      "command:all good",
      "info:turn cancelled",
      "error:503 (KERN_MODEL_HTTP)",
      "assistant:late reply",
      "error:something broke",
    ]);
  });

  it("shows a failed turn's error once, though it comes as error and turn-end", () => {
    const error = { code: "KERN_MODEL_HTTP" as const, message: "503 from the provider" };
    const state = run(
      events(
        { type: "turn-start", turnId: "t1", envelope: envelope("hi") },
        { type: "error", turnId: "t1", ...error },
        { type: "turn-end", turnId: "t1", text: "", stopReason: "error", error },
      ),
    );
    expect(shown(state).filter((line) => line.startsWith("error:"))).toEqual([
      "error:503 from the provider (KERN_MODEL_HTTP)",
    ]);
  });

  it("applies memory updates to the status and asks for a fresh one", () => {
    const base = createInitialTuiState();
    const memory = {
      status: "running" as const,
      pendingJobs: 2,
      segments: {},
      staleSegments: 0,
      unsegmentedMessages: 0,
      lastRunAt: null,
      lastError: null,
    };
    const state = run(events({ type: "memory-update", state: memory }), base);
    expect(state.items).toEqual([]);
    expect(state.statusVersion).toBe(base.statusVersion + 1);
  });
});

describe("tuiReducer with commands", () => {
  it("does not take a command answered beside a running turn for the running turn", () => {
    const state = run(
      events(
        { type: "turn-start", turnId: "t1", envelope: envelope("long job") },
        { type: "text-delta", turnId: "t1", text: "working" },
        { type: "turn-start", turnId: "c1", envelope: envelope("/status") },
        { type: "command-result", turnId: "c1", command: "status", text: "busy" },
        { type: "turn-end", turnId: "c1", text: "busy", stopReason: "command" },
      ),
    );
    expect(state.runningTurnId).toBe("t1");
    expect(shown(state)).toEqual([
      "user:long job",
      "assistant:working",
      "user:/status",
      "command:busy",
    ]);
  });
});

describe("tuiReducer with connections and history", () => {
  const history: SessionMessage[] = [
    { seq: 0, ts: "t", role: "user", content: "[via tui, 2026-01-01T00:00Z]\nold question" },
    { seq: 1, ts: "t", role: "assistant", content: "old answer" },
  ];

  it("replaces what was shown before the connection, keeping what arrived since", () => {
    const state = run([
      ...events({ type: "text-delta", turnId: "t0", text: "stale partial" }),
      { type: "stream-close", error: null },
      { type: "stream-open" },
      ...events({ type: "turn-start", turnId: "t5", envelope: envelope("new") }),
      { type: "history-load", session: "s1", messages: history },
    ]);
    expect(shown(state)).toEqual(["user:old question", "assistant:old answer", "user:new"]);
    expect(state.connection).toBe("connected");
    expect(state.historyEpoch).toBe(1);
    expect(new Set(state.items.map((item) => item.id)).size).toBe(3);
  });

  it("prints the history once per session: a reconnect to the same session adds nothing", () => {
    const first = run([
      { type: "stream-open" },
      { type: "history-load", session: "s1", messages: history },
    ]);
    const again = run([
      { type: "stream-open" },
      { type: "history-load", session: "s1", messages: history },
      { type: "stream-close", error: null },
      { type: "stream-open" },
      { type: "history-load", session: "s1", messages: history },
    ]);
    expect(shown(again)).toEqual(shown(first));
    expect(again.historyEpoch).toBe(1);
    const switched = run([
      { type: "history-load", session: "s1", messages: history },
      { type: "history-load", session: "s2", messages: [] },
    ]);
    expect(switched.historyEpoch).toBe(2);
  });

  it("records why the stream closed", () => {
    const state = run([{ type: "stream-open" }, { type: "stream-close", error: "bad token" }]);
    expect(state).toMatchObject({ connection: "disconnected", connectionError: "bad token" });
  });
});

describe("countSettledItems", () => {
  it("stops before the running turn's items and before unsent messages", () => {
    const state = run([
      ...events(
        { type: "turn-start", turnId: "t1", envelope: envelope("a") },
        { type: "text-delta", turnId: "t1", text: "partial" },
      ),
      { type: "message-send", localId: 1, text: "b" },
    ]);
    expect(countSettledItems(state)).toBe(1);
    const ended = run(
      events({ type: "turn-end", turnId: "t1", text: "partial", stopReason: "end" }),
      state,
    );
    expect(countSettledItems(ended)).toBe(2);
  });
});

describe("historyToItems", () => {
  it("joins tool calls with their results and strips envelope prefixes", () => {
    const items = historyToItems([
      {
        seq: 0,
        ts: "t",
        role: "user",
        content: "[via telegram, user Ann, 2026-01-01T00:00Z]\nls?",
        meta: { interface: "telegram", user: "ann" },
      },
      {
        seq: 1,
        ts: "t",
        role: "assistant",
        content: null,
        toolCalls: [
          { id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
        ],
      },
      {
        seq: 2,
        ts: "t",
        role: "tool",
        content: "a\nb",
        toolCallId: "c1",
        meta: { interrupted: true },
      },
      { seq: 3, ts: "t", role: "assistant", content: "two files" },
    ]);
    expect(items).toMatchObject([
      { kind: "user", text: "ls?", from: "telegram · ann" },
      { kind: "tool", name: "bash", result: { output: "a\nb", isError: true } },
      { kind: "assistant", text: "two files" },
    ]);
  });
});
