// zod schemas of the jobs API (SPEC §13): `GET /jobs`, `GET /jobs/runs`, `POST /jobs`, `DELETE /jobs/:name`,
// `POST /jobs/:name/{pause,resume,run}`. Typed against kernel/job-views.ts. No I/O.
import * as z from "zod";
// By path, not the barrel: the web page bundles this file and must not load kernel/ids.ts.
import { scheduledActionSchema } from "../kernel/scheduled-action.js";
import type { JobRunsView, JobsOverview, JobView } from "./job-views.js";

const jobRunSchema = z.object({
  scheduledFor: z.string(),
  startedAt: z.string(),
  outcome: z.string(),
  turnId: z.string().nullable(),
  endedAt: z.string().nullable(),
  tokens: z.number().nullable(),
});

/** A run of the history (`GET /jobs/runs`): a run, with the job it belongs to. */
const jobRunEntrySchema = jobRunSchema.extend({
  job: z.string(),
  schedule: z.string(),
  createdBy: z.string(),
});

export const jobViewSchema: z.ZodType<JobView> = z.object({
  name: z.string(),
  prompt: z.string(),
  schedule: z.string(),
  timezone: z.string().optional(),
  to: z.string(),
  catchUp: z.enum(["once", "skip"]),
  paused: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: jobRunSchema.nullable(),
  runs: z.number(),
});

export const jobsOverviewSchema: z.ZodType<JobsOverview> = z.object({
  jobs: z.array(jobViewSchema),
  unattended: z.object({
    spentToday: z.number(),
    capPerDay: z.number().nullable(),
    notice: z.string().nullable(),
  }),
  heartbeat: z
    .object({
      intervalMs: z.number(),
      model: z.string().nullable(),
      nextBeatAt: z.string().nullable(),
      lastBeat: z
        .object({ at: z.string(), outcome: z.string(), turnId: z.string().nullable() })
        .nullable(),
      beats: z.record(z.string(), z.number()),
    })
    .nullable(),
  timezone: z.string().optional(),
  fault: z.string().nullable().optional(),
  runs: z.array(jobRunEntrySchema).optional(),
});

/** `GET /jobs/runs`: the newest `limit` runs of the history, newest first. */
export const jobRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(2_000).default(20),
});

export const jobRunsViewSchema: z.ZodType<JobRunsView> = z.object({
  runs: z.array(jobRunEntrySchema),
  total: z.number(),
  timezone: z.string(),
});

/** `GET /jobs?all=1`: the run history too. */
export const jobsQuerySchema = z.object({ all: z.string().optional() });

/** `POST /jobs`: exactly one of at, in, every, cron (the daemon says so when not). */
export const jobAddBodySchema = z.object({
  name: z.string().min(1).max(63),
  prompt: z.string().min(1).max(20_000),
  at: z.string().optional(),
  in: z.string().optional(),
  every: z.string().optional(),
  cron: z.string().optional(),
  /** `telegram:CHAT_ID`, `web`, `tui`; absent = the session only. */
  to: z.string().optional(),
  catchUp: z.enum(["once", "skip"]).optional(),
  /** A run that is kern's own action instead of a prompt (`kern backup --every`). */
  action: scheduledActionSchema.optional(),
  /**
   * Who asks, when it is not the web page: `cli` (the token holder either way, so the operator;
   * this records which interface of theirs made the job).
   */
  createdBy: z.enum(["cli", "web"]).optional(),
});
export type JobAddBody = z.infer<typeof jobAddBodySchema>;

export const jobNameParamsSchema = z.object({ name: z.string().min(1).max(63) });

/** `POST /jobs/:name/{remove,pause,resume}`: the job after (null once removed). */
export const jobActionReplySchema = z.object({ job: jobViewSchema.nullable() });

export const jobRunReplySchema = z.object({ turnId: z.string().nullable() });
