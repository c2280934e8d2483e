import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import type { JobsDocument } from "../../store/index.js";
import { addJob, catchUp, recordRunStart, recordRunTurn } from "./job-book.js";
import { loggedJobTurns, runEvidence } from "./run-evidence.js";
import { type RunEvidence, settleStartedRuns } from "./run-recovery.js";

const T0 = Date.parse("2026-11-26T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const NONE: RunEvidence = { pending: [], logged: [] };

/** One job, due at T0 + 1 min, whose run started then (and, with `turnId`, was queued). */
function startedJob(
  options: { every?: boolean; catchUp?: "once" | "skip"; turnId?: string; manual?: boolean } = {},
): JobsDocument {
  const schedule = options.every
    ? { kind: "every" as const, everyMs: 3_600_000, from: iso(T0 + 60_000 - 3_600_000) }
    : { kind: "at" as const, at: iso(T0 + 60_000) };
  const job = {
    name: "tea",
    prompt: "remind me: tea",
    schedule,
    to: null,
    catchUp: options.catchUp ?? "once",
    createdBy: "cli",
  };
  let document = addJob({ v: 1, jobs: [] }, job, { nowMs: T0, max: 5 });
  document = recordRunStart(document, {
    name: "tea",
    nowMs: T0 + 60_000,
    outcome: "started",
    ...(options.manual ? { manual: true } : {}),
  });
  return options.turnId ? recordRunTurn(document, "tea", options.turnId) : document;
}

function message(seq: number, partial: Omit<SessionMessage, "seq" | "ts">): SessionMessage {
  return { seq, ts: iso(T0 + 60_000 + seq), ...partial };
}

describe("settling the runs a crash left started", () => {
  it("leaves a run whose turn the runtime still holds: that turn's end records it", () => {
    const document = startedJob({ turnId: "turn-1" });
    const evidence = { ...NONE, pending: [{ turnId: "turn-1", name: "tea", ts: iso(T0) }] };
    expect(settleStartedRuns(document, evidence, T0 + 120_000)).toBe(document);
  });

  it("reads the outcome and tokens of a turn that ran from the log, and never runs it again", () => {
    const log = [
      message(0, {
        role: "user",
        content: "go",
        meta: { turnId: "turn-1", kind: "job", name: "tea" },
      }),
      message(1, {
        role: "assistant",
        content: "NO_REPLY",
        meta: { turnId: "turn-1", silent: true, usage: { inputTokens: 30, outputTokens: 2 } },
      }),
    ];
    const settled = settleStartedRuns(
      startedJob({ turnId: "turn-1" }),
      { pending: [], logged: loggedJobTurns(log) },
      T0 + 120_000,
    );
    expect(settled.jobs[0]?.lastRun).toMatchObject({ outcome: "silent", tokens: 32 });
    expect(settled.jobs[0]?.nextRunAt).toBeNull();
  });

  it("marks a turn the crash cut short interrupted (it may have acted: not run again)", () => {
    const log = [
      message(0, {
        role: "user",
        content: "go",
        meta: { turnId: "turn-1", kind: "job", name: "tea" },
      }),
      message(1, {
        role: "assistant",
        content: null,
        toolCalls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }],
        meta: { turnId: "turn-1" },
      }),
    ];
    const settled = catchUp(startedJob({ turnId: "turn-1" }), T0 + 120_000, runEvidence([], log));
    expect(settled.jobs[0]).toMatchObject({ nextRunAt: null, lastRun: { outcome: "interrupted" } });
  });

  it("adopts the queued turn of a run whose turn id never reached the file", () => {
    const held = [
      { turnId: "turn-old", kind: "job", envelope: { name: "tea", ts: iso(T0) } },
      { turnId: "turn-9", kind: "job", envelope: { name: "tea", ts: iso(T0 + 60_000) } },
      { turnId: "turn-user", envelope: { ts: iso(T0 + 60_000) } },
    ];
    const settled = settleStartedRuns(startedJob(), runEvidence(held, []), T0 + 120_000);
    expect(settled.jobs[0]?.lastRun).toMatchObject({ outcome: "started", turnId: "turn-9" });
  });

  it("makes a run that was never queued due again: once runs it, skip records the skip", () => {
    const once = catchUp(startedJob(), T0 + 120_000, NONE);
    expect(once.jobs[0]).toMatchObject({
      nextRunAt: iso(T0 + 60_000),
      lastRun: { outcome: "interrupted" },
    });
    const skip = catchUp(startedJob({ catchUp: "skip" }), T0 + 120_000, NONE);
    expect(skip.jobs[0]).toMatchObject({
      nextRunAt: null,
      lastRun: { outcome: "skipped-catch-up" },
    });
    const hourly = catchUp(startedJob({ every: true }), T0 + 120_000, NONE);
    expect(hourly.jobs[0]?.nextRunAt).toBe(iso(T0 + 60_000));
  });

  it("does not repeat a manual run that was never queued", () => {
    const document = startedJob({ manual: true });
    const settled = catchUp(document, T0 + 120_000, NONE);
    expect(settled.jobs[0]?.lastRun?.outcome).toBe("interrupted");
    expect(settled.jobs[0]?.nextRunAt).toBe(document.jobs[0]?.nextRunAt);
  });
});
