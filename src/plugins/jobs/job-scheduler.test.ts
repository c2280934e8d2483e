import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { FakeClock, isKernError } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { type JobRecord, readJobsFile, writeJobsFile } from "../../store/index.js";
import { addJob, recordRunStart } from "./job-book.js";
import { JobScheduler } from "./job-scheduler.js";

const START = Date.parse("2026-11-26T12:00:00.000Z");

interface Harness {
  scheduler: JobScheduler;
  clock: FakeClock;
  dispatched: JobRecord[];
  notices: string[];
}

let dir: { path: string; cleanup: () => void };
const started: JobScheduler[] = [];

beforeEach(() => {
  dir = makeTempDir("kern-jobs-");
});
afterEach(() => {
  for (const scheduler of started.splice(0)) scheduler.stop();
  dir.cleanup();
});

function harness(
  options: { clock?: FakeClock; spent?: () => number; cap?: number | null } = {},
): Harness {
  const clock = options.clock ?? new FakeClock(START);
  const dispatched: JobRecord[] = [];
  const notices: string[] = [];
  const logger = createSilentLogger();
  const budget = new UnattendedBudget({
    capPerDay: options.cap ?? null,
    timezone: "UTC",
    clock,
    logger,
    purposes: () => ["job", "heartbeat"],
    tokensSince: () => options.spent?.() ?? 0,
    onNotice: (text) => notices.push(text),
  });
  const scheduler = new JobScheduler({
    file: join(dir.path, "jobs.json"),
    clock,
    logger,
    timezone: "UTC",
    minIntervalMs: 60_000,
    max: 3,
    budget,
    dispatch: (job) => {
      dispatched.push(job);
      return { turnId: `turn-${dispatched.length}` };
    },
  });
  started.push(scheduler);
  return { scheduler, clock, dispatched, notices };
}

describe("JobScheduler", () => {
  it("runs a one-shot job once when due, recorded in the file before the turn is queued", () => {
    const { scheduler, clock, dispatched } = harness();
    scheduler.start();
    scheduler.add({ name: "tea", prompt: "remind me: tea", in: "5m", createdBy: "cli" });
    clock.advance(4 * 60_000);
    scheduler.tick();
    expect(dispatched).toHaveLength(0);
    clock.advance(60_000);
    scheduler.tick();
    scheduler.tick();
    expect(dispatched.map((job) => job.name)).toEqual(["tea"]);
    // The job handed to dispatch already carried its run record: it was written first.
    expect(dispatched[0]?.lastRun?.outcome).toBe("started");
    const onDisk = readJobsFile(join(dir.path, "jobs.json")).jobs[0];
    expect(onDisk).toMatchObject({ nextRunAt: null, runs: 1, lastRun: { turnId: "turn-1" } });
    scheduler.onTurnEnd({ turnId: "turn-1", outcome: "silent", tokens: 42 });
    // Finished: it leaves the live list (its name is free), its run stays in the history.
    expect(readJobsFile(join(dir.path, "jobs.json")).jobs).toEqual([]);
    expect(scheduler.runs()).toMatchObject([{ job: "tea", outcome: "silent", tokens: 42 }]);
  });

  it("keeps jobs across a restart and makes up a missed run once, or skips it, per catch-up", () => {
    const first = harness();
    first.scheduler.start();
    first.scheduler.add({ name: "hourly", prompt: "check", every: "1h", createdBy: "cli" });
    first.scheduler.add({
      name: "skipper",
      prompt: "check",
      every: "1h",
      catchUp: "skip",
      createdBy: "cli",
    });
    first.scheduler.stop();
    // Down for five hours: five runs of each were missed.
    const clock = new FakeClock(START + 5 * 3_600_000 + 60_000);
    const second = harness({ clock });
    second.scheduler.start();
    second.scheduler.tick();
    expect(second.dispatched.map((job) => job.name)).toEqual(["hourly"]);
    const jobs = second.scheduler.list();
    expect(jobs.find((job) => job.name === "skipper")?.lastRun?.outcome).toBe("skipped-catch-up");
    for (const job of jobs) expect(Date.parse(job.nextRunAt ?? "")).toBe(START + 6 * 3_600_000);
  });

  it("runs once more a run recorded but never queued (a crash between the writes), never twice", () => {
    const clock = new FakeClock(START);
    const schedule = { kind: "at" as const, at: new Date(START + 60_000).toISOString() };
    const job = { name: "once", prompt: "go", schedule, to: null, catchUp: "once" as const };
    let document = addJob(
      { v: 1, jobs: [] },
      { ...job, createdBy: "cli" },
      { nowMs: START, max: 5 },
    );
    clock.advance(60_000);
    document = recordRunStart(document, { name: "once", nowMs: clock.now(), outcome: "started" });
    writeJobsFile(join(dir.path, "jobs.json"), document); // then the process died
    const second = harness({ clock });
    second.scheduler.start(); // no evidence: its turn was never queued nor logged
    clock.advance(3_600_000);
    second.scheduler.tick();
    second.scheduler.tick();
    expect(second.dispatched.map((entry) => entry.name)).toEqual(["once"]);
    expect(second.scheduler.list()[0]).toMatchObject({
      nextRunAt: null,
      runs: 2,
      lastRun: { outcome: "started", turnId: "turn-1" },
    });
  });

  it("pauses, resumes, runs now and removes; refuses duplicates and more than jobs.max", () => {
    const { scheduler, clock, dispatched } = harness();
    scheduler.start();
    scheduler.add({ name: "a", prompt: "a", every: "10m", createdBy: "cli" });
    expect(
      codeOf(() => scheduler.add({ name: "a", prompt: "a", in: "5m", createdBy: "cli" })),
    ).toBe("KERN_JOB_EXISTS");
    expect(
      codeOf(() => scheduler.add({ name: "Bad Name", prompt: "x", in: "5m", createdBy: "cli" })),
    ).toBe("KERN_USAGE");
    scheduler.add({ name: "b", prompt: "b", in: "5m", createdBy: "cli" });
    scheduler.add({ name: "c", prompt: "c", in: "5m", createdBy: "cli" });
    expect(
      codeOf(() => scheduler.add({ name: "d", prompt: "d", in: "5m", createdBy: "cli" })),
    ).toBe("KERN_JOBS_FULL");
    scheduler.setPaused("a", true);
    clock.advance(30 * 60_000);
    scheduler.tick();
    expect(dispatched.map((job) => job.name).sort()).toEqual(["b", "c"]);
    const resumed = scheduler.setPaused("a", false);
    expect(Date.parse(resumed.nextRunAt ?? "")).toBeGreaterThan(clock.now());
    scheduler.runNow("a");
    expect(dispatched.at(-1)?.name).toBe("a");
    scheduler.remove("a");
    expect(codeOf(() => scheduler.remove("a"))).toBe("KERN_JOB_NOT_FOUND");
    expect(scheduler.list().map((job) => job.name)).toEqual(["b", "c"]);
  });

  it("skips runs at the unattended cap and tells the operator once", () => {
    let spent = 0;
    const { scheduler, clock, dispatched, notices } = harness({ cap: 1000, spent: () => spent });
    scheduler.start();
    scheduler.add({ name: "often", prompt: "x", every: "1m", createdBy: "cli" });
    clock.advance(60_000);
    scheduler.tick();
    scheduler.onTurnEnd({ turnId: "turn-1", outcome: "ok", tokens: 1000 });
    spent = 1000;
    for (let minute = 0; minute < 5; minute += 1) {
      clock.advance(60_000);
      scheduler.tick();
    }
    expect(dispatched).toHaveLength(1);
    expect(scheduler.list()[0]?.lastRun?.outcome).toBe("skipped-budget");
    expect(notices).toHaveLength(1);
  });
});

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isKernError(error) ? error.code : "not a KernError";
  }
  return undefined;
}
