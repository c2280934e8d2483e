// Which state a job is in and which buttons it offers (SPEC §13, issue 48 item 5): a scheduled
// job can run now, pause or go; a paused one resume or go; a finished one only go. Pure: no DOM.
import type { JobView } from "../../src/protocol/index.js";

export type JobState = "running" | "scheduled" | "paused" | "done";
export type ScheduledAction = "run" | "pause" | "resume" | "remove";

/** A job's state as a person reads it: running wins (its turn is under way), then paused. */
export function jobState(job: Pick<JobView, "paused" | "nextRunAt" | "lastRun">): JobState {
  if (job.lastRun?.outcome === "started") return "running";
  if (job.paused) return "paused";
  return job.nextRunAt ? "scheduled" : "done";
}

const ACTIONS: Record<Exclude<JobState, "running">, ScheduledAction[]> = {
  scheduled: ["run", "pause", "remove"],
  paused: ["resume", "run", "remove"],
  // A finished one-shot has nothing left to pause or resume.
  done: ["remove"],
};

export function jobActions(
  job: Pick<JobView, "paused" | "nextRunAt" | "lastRun">,
): ScheduledAction[] {
  const state = jobState(job);
  // "Run now" on a running job would queue a second run behind the first: not offered.
  if (state === "running") return [job.paused ? "resume" : "pause", "remove"];
  return ACTIONS[state];
}

export const JOB_ACTION_LABELS: Record<ScheduledAction, string> = {
  run: "Run now",
  pause: "Pause",
  resume: "Resume",
  remove: "Delete",
};
