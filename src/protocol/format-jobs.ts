// Jobs, heartbeat and unattended spend as lines of text (`kern jobs list`, `kern status`,
// `/status`). Pure.
// By path: the web page bundles protocol/, and kernel/index.ts pulls in Node built-ins.
import { formatDuration, formatRelative } from "../kernel/duration.js";
import type { JobsOverview } from "./job-views.js";

/**
 * One line per job: name, schedule, state, next run, last run + outcome + tokens, catch-up.
 * Times relative to `nowMs` ("in 4m"), or as ISO times when it is null.
 */
export function formatJobLines(overview: JobsOverview, nowMs: number | null): string[] {
  const when = (iso: string) => (nowMs === null ? iso : formatRelative(Date.parse(iso), nowMs));
  if (overview.jobs.length === 0)
    return ["no jobs (add one: kern jobs add NAME --in 20m --prompt TEXT)"];
  return overview.jobs.map((job) => {
    const state = job.paused ? "paused" : job.nextRunAt === null ? "done" : "on";
    const next = job.nextRunAt && !job.paused ? `next ${when(job.nextRunAt)}` : "no next run";
    const last = job.lastRun
      ? `last ${when(job.lastRun.startedAt)} ${job.lastRun.outcome}${job.lastRun.tokens === null ? "" : ` ${job.lastRun.tokens} tokens`}`
      : "never ran";
    return `${job.name}  ${job.schedule} → ${job.to}  [${state}]  ${next}; ${last}; catch-up ${job.catchUp}`;
  });
}

/** The day's unattended spend and the heartbeat, for `kern status` and `kern jobs list`. */
export function formatUnattendedLines(overview: JobsOverview): string[] {
  const { spentToday, capPerDay, notice } = overview.unattended;
  const lines = [
    `unattended today: ${spentToday} tokens${capPerDay === null ? " (no cap)" : ` of ${capPerDay}`}`,
  ];
  if (notice) lines.push(`  ${notice}`);
  const heartbeat = overview.heartbeat;
  if (heartbeat && heartbeat.intervalMs > 0) {
    const last = heartbeat.lastBeat ? `; last beat ${heartbeat.lastBeat.outcome}` : "";
    lines.push(
      `heartbeat every ${formatDuration(heartbeat.intervalMs)}${heartbeat.model ? ` on ${heartbeat.model}` : ""}${last}`,
    );
  }
  return lines;
}
