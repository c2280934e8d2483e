// What the runtime shows of its jobs, heartbeat and unattended spend (SPEC §13): `kern jobs list
// --json`, `GET /jobs`, the status and the web Jobs view. Pure types.

export interface JobRunView {
  scheduledFor: string;
  startedAt: string;
  /** started, ok, silent, error, cancelled, skipped-budget, skipped-catch-up, interrupted. */
  outcome: string;
  turnId: string | null;
  endedAt: string | null;
  /** Input + output tokens of the run's turn, once it ended. */
  tokens: number | null;
}

export interface JobView {
  name: string;
  prompt: string;
  /** `at 2026-12-01 09:00` (local, in `timezone`), `every 1h`, `cron 0 9 * * 1-5 (Europe/Berlin)`. */
  schedule: string;
  /** The agent's IANA time zone: people are shown `nextRunAt` and run times in it. */
  timezone?: string;
  /** Where the reply goes: `telegram:123`, `web`, or `session` (every interface sees it). */
  to: string;
  catchUp: "once" | "skip";
  paused: boolean;
  createdBy: string;
  createdAt: string;
  nextRunAt: string | null;
  lastRun: JobRunView | null;
  runs: number;
}

export interface HeartbeatView {
  /** 0 = off. */
  intervalMs: number;
  model: string | null;
  nextBeatAt: string | null;
  lastBeat: { at: string; outcome: string; turnId: string | null } | null;
  /** Beats since the daemon started, by outcome (ran, empty, quiet, idle, budget, busy, error). */
  beats: Record<string, number>;
}

export interface JobsOverview {
  jobs: JobView[];
  unattended: {
    spentToday: number;
    capPerDay: number | null;
    /** Set once the cap was reached today: runs are skipped until midnight. */
    notice: string | null;
  };
  /** Null when the heartbeat is off or no daemon runs. */
  heartbeat: HeartbeatView | null;
  /** The agent's IANA time zone (times shown to people are in it). */
  timezone?: string;
  /** Set while `.kern/jobs.json` cannot be written: due runs wait, and are retried. */
  fault?: string | null;
  /** With `?all=1` (`kern jobs list --all`): settled runs, finished one-shot jobs' included. */
  runs?: JobRunEntryView[];
}

/** One settled run in the history (`.kern/jobs-runs.jsonl`). */
export interface JobRunEntryView {
  job: string;
  schedule: string;
  createdBy: string;
  scheduledFor: string;
  startedAt: string;
  /** As JobRunView's, plus `skipped-busy` (the previous run was still going). */
  outcome: string;
  turnId: string | null;
  endedAt: string | null;
  tokens: number | null;
}

/** `GET /jobs/runs?limit=N` (the web Jobs page's "Recent runs"): the newest runs, newest first. */
export interface JobRunsView {
  runs: JobRunEntryView[];
  /** How many runs the history holds (up to its read limit). */
  total: number;
  /** The agent's IANA time zone: the page shows run times in it. */
  timezone: string;
}
