// A typed in-process fake of the web's JobsApi (SG-28, level 2): a list of job views in each
// state, a run history with each kind of outcome (a finished reminder's among them), and the
// pause / resume / remove / run-now calls it was asked for, recorded. The agent's zone is Berlin.
import { UsageError } from "../../src/kernel/index.js";
import type { JobsApi } from "../../src/plugins/jobs/index.js";
import type {
  JobRunEntryView,
  JobRunsView,
  JobsOverview,
  JobView,
} from "../../src/protocol/index.js";

const NOW = "2026-12-01T09:00:00.000Z";
const ZONE = "Europe/Berlin";
/** The dentist reminder's due time: 08:30 in Berlin. */
const DENTIST = "2026-12-01T07:30:00.000Z";

/** A job view with the defaults of a scheduled daily job; `overrides` make the other states. */
function aJobView(overrides: Partial<JobView> & Pick<JobView, "name">): JobView {
  return {
    prompt: "Check last night's backup and tell me if it is missing.",
    schedule: "cron 0 9 * * * (Europe/Berlin)",
    to: "telegram:123456789",
    catchUp: "once",
    paused: false,
    createdBy: "cli",
    createdAt: NOW,
    nextRunAt: "2026-12-02T08:00:00.000Z",
    lastRun: null,
    runs: 0,
    timezone: ZONE,
    ...overrides,
  };
}

const lastRun = (outcome: string, tokens: number | null) => ({
  scheduledFor: "2026-12-01T08:00:00.000Z",
  startedAt: "2026-12-01T08:00:02.000Z",
  outcome,
  turnId: "turn_fake",
  endedAt: outcome === "started" ? null : "2026-12-01T08:00:40.000Z",
  tokens,
});

/** One job in each state the page draws: scheduled, running, paused and done. */
function jobsInEveryState(): JobView[] {
  return [
    aJobView({ name: "backup-check", lastRun: lastRun("ok", 5_210), runs: 12 }),
    aJobView({
      name: "inbox-digest",
      schedule: "every 1h",
      to: "session",
      prompt: "Summarize what arrived in the shared inbox since the last digest, newest first.",
      lastRun: lastRun("started", null),
      runs: 40,
    }),
    aJobView({
      name: "weekly-review",
      schedule: "cron 0 17 * * 5 (Europe/Berlin)",
      paused: true,
      nextRunAt: null,
      lastRun: lastRun("silent", 1_804),
      runs: 3,
    }),
    aJobView({
      name: "dentist-reminder",
      schedule: "at 2026-12-01 08:30",
      prompt: "Remind me: dentist at 10:00, bring the insurance card.",
      nextRunAt: null,
      lastRun: { ...lastRun("ok", 950), scheduledFor: DENTIST, startedAt: DENTIST },
      runs: 1,
    }),
  ];
}

/** A settled run of the history, `minutes` after 06:00 UTC on Dec 1. */
function aRun(
  job: string,
  minutes: number,
  outcome: string,
  tokens: number | null,
): JobRunEntryView {
  const at = new Date(Date.parse("2026-12-01T06:00:00.000Z") + minutes * 60_000).toISOString();
  const schedules: Record<string, string> = {
    "backup-check": "cron 0 9 * * * (Europe/Berlin)",
    "inbox-digest": "every 1h",
    "call-the-bank": "at 2026-12-01 07:20",
    "dentist-reminder": "at 2026-12-01 08:30",
    "water-plants": "at 2026-12-01 09:30",
  };
  return {
    job,
    schedule: schedules[job] ?? "every 1h",
    createdBy: job === "call-the-bank" ? "telegram:123456789" : "cli",
    scheduledFor: at,
    startedAt: at,
    outcome,
    turnId: tokens === null ? null : `turn_${job}_${minutes}`,
    endedAt: at,
    tokens,
  };
}

/** Oldest first, as `.kern/jobs-runs.jsonl` holds them; the finished reminders are in no list. */
function historyOfRuns(): JobRunEntryView[] {
  return [
    aRun("inbox-digest", 0, "ok", 3_118),
    aRun("call-the-bank", 20, "skipped-budget", null),
    aRun("inbox-digest", 60, "silent", 1_240),
    aRun("dentist-reminder", 90, "ok", 950),
    aRun("backup-check", 120, "ok", 5_210),
    aRun("inbox-digest", 120, "skipped-busy", null),
    aRun("water-plants", 150, "error", 412),
  ];
}

export class FakeJobs implements JobsApi {
  readonly calls: string[] = [];
  jobs: JobView[];
  history: JobRunEntryView[] = historyOfRuns();

  constructor(jobs: JobView[] = jobsInEveryState()) {
    this.jobs = jobs;
  }

  runs(limit: number): JobRunsView {
    return {
      runs: this.history.slice(-limit).reverse(),
      total: this.history.length,
      timezone: ZONE,
    };
  }

  overview(): JobsOverview {
    return {
      jobs: this.jobs,
      timezone: ZONE,
      unattended: { spentToday: 7_964, capPerDay: 200_000, notice: null },
      heartbeat: {
        intervalMs: 30 * 60_000,
        model: "fake-model",
        nextBeatAt: "2026-12-01T09:30:00.000Z",
        lastBeat: { at: "2026-12-01T09:00:00.000Z", outcome: "quiet", turnId: null },
        beats: { quiet: 4 },
      },
    };
  }

  async add(): Promise<JobView> {
    throw new UsageError("FakeJobs does not add jobs");
  }

  remove(name: string): void {
    this.calls.push(`remove ${name}`);
    this.jobs = this.jobs.filter((job) => job.name !== name);
  }

  setPaused(name: string, paused: boolean): JobView {
    this.calls.push(`${paused ? "pause" : "resume"} ${name}`);
    const job = this.find(name);
    const changed = { ...job, paused, nextRunAt: paused ? null : "2026-12-02T08:00:00.000Z" };
    this.jobs = this.jobs.map((entry) => (entry.name === name ? changed : entry));
    return changed;
  }

  runNow(name: string): { turnId: string | null } {
    this.calls.push(`run ${name}`);
    this.find(name);
    return { turnId: "turn_fake_run" };
  }

  private find(name: string): JobView {
    const job = this.jobs.find((entry) => entry.name === name);
    if (!job) throw new UsageError(`no job named ${name}`);
    return job;
  }
}
