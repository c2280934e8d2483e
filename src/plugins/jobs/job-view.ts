// A stored job as the CLI, API, status and web page show it. Pure.
import type { JobView } from "../../protocol/index.js";
import type { JobRecord } from "../../store/index.js";
import { formatRoute } from "./job-input.js";
import { describeSchedule } from "./job-schedule.js";

/** The job as shown; `timezone` (the agent's) is where its local times are read. */
export function toJobView(job: JobRecord, timezone?: string): JobView {
  return {
    name: job.name,
    prompt: job.prompt,
    schedule: describeSchedule(job.schedule, timezone),
    ...(timezone ? { timezone } : {}),
    to: formatRoute(job.to),
    catchUp: job.catchUp,
    paused: job.paused,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    nextRunAt: job.nextRunAt,
    lastRun: job.lastRun
      ? {
          scheduledFor: job.lastRun.scheduledFor,
          startedAt: job.lastRun.startedAt,
          outcome: job.lastRun.outcome,
          turnId: job.lastRun.turnId,
          endedAt: job.lastRun.endedAt,
          tokens: job.lastRun.tokens,
        }
      : null,
    runs: job.runs,
  };
}
