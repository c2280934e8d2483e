// A month of jobs in minutes (issue 48 item 3, issue 49 items 2, 6, 9, 10): reminders past
// jobs.max, a run that finds the previous one still going, a full queue, a clock stepped back,
// a jobs file that cannot be written.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { FakeClock, KernError } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { formatRunLines } from "../../protocol/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { type JobRecord, readJobsFile } from "../../store/index.js";
import { JobScheduler } from "./job-scheduler.js";

const START = Date.parse("2026-11-26T12:00:00.000Z");
const HOUR = 3_600_000;

let dir: { path: string; cleanup: () => void };
const started: JobScheduler[] = [];

beforeEach(() => {
  dir = makeTempDir("kern-jobs-life-");
});
afterEach(() => {
  for (const scheduler of started.splice(0)) scheduler.stop();
  dir.cleanup();
});

interface Options {
  clock?: FakeClock;
  max?: number;
  cap?: number | null;
  spent?: () => number;
  /** Makes dispatch throw (the runtime's queue is full) while it returns true. */
  refuse?: () => boolean;
}

function harness(options: Options = {}) {
  const clock = options.clock ?? new FakeClock(START);
  const dispatched: JobRecord[] = [];
  const budgetSkips: string[] = [];
  const faults: Array<string | null> = [];
  const logger = createSilentLogger();
  const budget = new UnattendedBudget({
    capPerDay: options.cap ?? null,
    timezone: "UTC",
    clock,
    logger,
    purposes: () => ["job"],
    tokensSince: () => options.spent?.() ?? 0,
  });
  const scheduler = new JobScheduler({
    file: join(dir.path, "jobs.json"),
    clock,
    logger,
    timezone: "Europe/Berlin",
    minIntervalMs: 60_000,
    max: options.max ?? 50,
    budget,
    onBudgetSkip: (job) => budgetSkips.push(job.name),
    onWriteFault: (message) => faults.push(message),
    dispatch: (job) => {
      if (options.refuse?.()) throw new KernError("KERN_QUEUE_FULL", "the queue is full");
      dispatched.push(job);
      return { turnId: `turn-${dispatched.length}` };
    },
  });
  started.push(scheduler);
  return { scheduler, clock, dispatched, budgetSkips, faults };
}

describe("reminder lifecycle", () => {
  it("accepts 60 one-shot reminders with jobs.max 50, frees finished names, keeps every run", () => {
    const { scheduler, clock, dispatched } = harness({ max: 50 });
    scheduler.start();
    for (let round = 0; round < 6; round += 1) {
      // Names repeat from round to round: a finished reminder's name is free again.
      for (let index = 0; index < 10; index += 1) {
        const name = `tea-${index}`;
        scheduler.add({ name, prompt: `remind me ${round}.${index}`, in: "1m", createdBy: "cli" });
      }
      clock.advance(60_000);
      scheduler.tick();
      for (let turn = dispatched.length - 9; turn <= dispatched.length; turn += 1)
        scheduler.onTurnEnd({ turnId: `turn-${turn}`, outcome: "ok", tokens: 10 });
    }
    expect(dispatched).toHaveLength(60);
    expect(scheduler.list()).toEqual([]);
    expect(readJobsFile(join(dir.path, "jobs.json")).jobs).toEqual([]);
    const runs = scheduler.runs();
    expect(runs).toHaveLength(60);
    expect(runs.every((run) => run.outcome === "ok" && run.tokens === 10)).toBe(true);
    // `kern jobs list --all`: the 60 runs, in the agent's zone (12:01 UTC is 13:01 in Berlin).
    const lines = formatRunLines({
      jobs: [],
      unattended: { spentToday: 0, capPerDay: null, notice: null },
      heartbeat: null,
      timezone: "Europe/Berlin",
      runs,
    });
    expect(lines[0]).toBe("runs (60):");
    expect(lines[1]).toBe("  2026-11-26 13:01  tea-0  ok 10 tokens");
  });

  it("tells who asked when a reminder is skipped at the unattended cap, and retires it", () => {
    const { scheduler, clock, dispatched, budgetSkips } = harness({ cap: 100, spent: () => 100 });
    scheduler.start();
    scheduler.add({ name: "bank", prompt: "remind: call the bank", in: "5m", createdBy: "cli" });
    clock.advance(5 * 60_000);
    scheduler.tick();
    expect(dispatched).toEqual([]);
    expect(budgetSkips).toEqual(["bank"]);
    expect(scheduler.list()).toEqual([]);
    expect(scheduler.runs()).toMatchObject([{ job: "bank", outcome: "skipped-budget" }]);
  });
});

describe("runs under pressure", () => {
  it("skips a run while the previous one is still going, and says so in the history", () => {
    const { scheduler, clock, dispatched } = harness();
    scheduler.start();
    scheduler.add({ name: "slow", prompt: "a long check", every: "1m", createdBy: "cli" });
    for (let minute = 0; minute < 6; minute += 1) {
      clock.advance(60_000);
      scheduler.tick();
    }
    expect(dispatched).toHaveLength(1); // not six piled up behind each other
    const runs = scheduler.runs();
    expect(runs.map((run) => run.outcome)).toEqual(Array(5).fill("skipped-busy"));
    scheduler.onTurnEnd({ turnId: "turn-1", outcome: "ok", tokens: 5 });
    clock.advance(60_000);
    scheduler.tick();
    expect(dispatched).toHaveLength(2);
  });

  it("keeps a run the full queue refused due, and runs it once the queue has room", () => {
    let full = true;
    const { scheduler, clock, dispatched } = harness({ refuse: () => full });
    scheduler.start();
    scheduler.add({ name: "tea", prompt: "remind me", in: "5m", createdBy: "cli" });
    const dueAt = scheduler.list()[0]?.nextRunAt;
    clock.advance(5 * 60_000);
    scheduler.tick();
    expect(dispatched).toEqual([]);
    // Still due, never recorded as an error.
    expect(scheduler.list()[0]).toMatchObject({ nextRunAt: dueAt, lastRun: null, runs: 0 });
    expect(readJobsFile(join(dir.path, "jobs.json")).jobs[0]).toMatchObject({ lastRun: null });
    full = false;
    clock.advance(2_000);
    scheduler.tick();
    scheduler.tick();
    expect(dispatched.map((job) => job.name)).toEqual(["tea"]);
  });

  it("re-plans repeating jobs after the clock steps back, also across a restart", () => {
    const clock = new FakeClock(START);
    const first = harness({ clock });
    first.scheduler.start();
    first.scheduler.add({ name: "hourly", prompt: "check", every: "1h", createdBy: "cli" });
    first.scheduler.add({ name: "daily", prompt: "check", cron: "0 9 * * *", createdBy: "cli" });
    first.scheduler.stop();
    clock.advance(-3 * 24 * HOUR); // NTP (or a person) set the clock three days back
    const second = harness({ clock });
    second.scheduler.start();
    const next = (name: string) =>
      Date.parse(second.scheduler.list().find((job) => job.name === name)?.nextRunAt ?? "");
    expect(next("hourly") - clock.now()).toBeLessThanOrEqual(HOUR);
    expect(next("daily") - clock.now()).toBeLessThanOrEqual(24 * HOUR);
    clock.advance(HOUR);
    second.scheduler.tick();
    expect(second.dispatched.map((job) => job.name)).toEqual(["hourly"]);
  });

  it("survives a jobs file it cannot write: the run stays due, told once, runs once after", () => {
    const { scheduler, clock, dispatched, faults } = harness();
    scheduler.start();
    scheduler.add({ name: "tea", prompt: "remind me", in: "5m", createdBy: "cli" });
    // The jobs file's own path taken by a folder (not empty): every write of it fails.
    const blocker = join(dir.path, "jobs.json");
    rmSync(blocker);
    mkdirSync(join(blocker, "in-the-way"), { recursive: true });
    clock.advance(5 * 60_000);
    expect(() => scheduler.tick()).not.toThrow();
    clock.advance(30_000);
    scheduler.tick();
    expect(dispatched).toEqual([]);
    expect(faults).toHaveLength(1);
    expect(scheduler.writeFault()).toMatch(/EISDIR|directory/);
    rmSync(blocker, { recursive: true });
    clock.advance(60_000);
    scheduler.tick();
    scheduler.tick();
    expect(dispatched.map((job) => job.name)).toEqual(["tea"]);
    expect(faults.at(-1)).toBeNull();
    expect(scheduler.writeFault()).toBeNull();
  });
});
