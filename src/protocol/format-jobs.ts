// Jobs, heartbeat and unattended spend as lines of text (`kern jobs list`, `kern status`,
// `/status`). Pure.
// By path: the web page bundles protocol/, and kernel/index.ts pulls in Node built-ins.
import { formatDuration, formatRelative } from "../kernel/duration.js";
import { formatLocalDateTime } from "../kernel/local-time.js";
import type { JobsOverview } from "./job-views.js";

/**
 * Two lines per job (80 columns): name, schedule, route and state; then next run, last run +
 * outcome + tokens, catch-up. Times in the agent's zone (`overview.timezone`) to the minute,
 * with "in 4m" / "3m ago" relative to `nowMs` when it is given.
 */
export function formatJobLines(overview: JobsOverview, nowMs: number | null): string[] {
  const when = (iso: string) => {
    const local = overview.timezone ? formatLocalDateTime(iso, overview.timezone) : iso;
    return nowMs === null ? local : `${local} (${formatRelative(Date.parse(iso), nowMs)})`;
  };
  if (overview.jobs.length === 0)
    return ["no jobs (add one: kern jobs add NAME --in 20m --prompt TEXT)"];
  return overview.jobs.flatMap((job) => {
    const state = job.paused ? "paused" : job.nextRunAt === null ? "done" : "on";
    const next = job.nextRunAt && !job.paused ? `next ${when(job.nextRunAt)}` : "no next run";
    const last = job.lastRun
      ? `last ${when(job.lastRun.startedAt)} ${job.lastRun.outcome}${job.lastRun.tokens === null ? "" : ` ${job.lastRun.tokens} tokens`}`
      : "never ran";
    return [
      `${job.name}  ${job.schedule} → ${job.to}  [${state}]  by ${job.createdBy}`,
      `  ${next}; ${last}; catch-up ${job.catchUp}`,
    ];
  });
}

/** The run history (`kern jobs list --all`): one line per run, oldest first, local times. */
export function formatRunLines(overview: JobsOverview): string[] {
  const runs = overview.runs ?? [];
  if (runs.length === 0) return ["no runs yet"];
  const zone = overview.timezone;
  return [
    `runs (${runs.length}):`,
    ...runs.map((run) => {
      const at = zone ? formatLocalDateTime(run.startedAt, zone) : run.startedAt;
      const tokens = run.tokens === null ? "" : ` ${run.tokens} tokens`;
      return `  ${at}  ${run.job}  ${run.outcome}${tokens}`;
    }),
  ];
}

/** The day's unattended spend and the heartbeat, for `kern status` and `kern jobs list`. */
export function formatUnattendedLines(overview: JobsOverview): string[] {
  const { spentToday, capPerDay, notice } = overview.unattended;
  const lines = [
    `unattended today: ${spentToday} tokens${capPerDay === null ? " (no cap)" : ` of ${capPerDay}`}`,
  ];
  if (notice) lines.push(`  ${notice}`);
  if (overview.fault) lines.push(`  ${overview.fault}`);
  const heartbeat = overview.heartbeat;
  if (heartbeat && heartbeat.intervalMs > 0) {
    const last = heartbeat.lastBeat ? `; last beat ${heartbeat.lastBeat.outcome}` : "";
    lines.push(
      `heartbeat every ${formatDuration(heartbeat.intervalMs)}${heartbeat.model ? ` on ${heartbeat.model}` : ""}${last}`,
    );
  }
  return lines;
}
