// The jobs API (SPEC §13; schemas in protocol/job-schemas.ts): list with the heartbeat and the
// day's unattended spend, the run history (newest first), add, pause, resume, remove, run now. Mounted by the web server behind
// the API's auth, at the documented paths (`/jobs`, `/jobs/:name/…`).
import {
  jobActionReplySchema,
  jobAddBodySchema,
  jobNameParamsSchema,
  jobRunReplySchema,
  jobRunsQuerySchema,
  jobRunsViewSchema,
  jobsOverviewSchema,
  jobsQuerySchema,
  jobViewSchema,
} from "../../protocol/index.js";
import type { PluginRoute } from "../../runtime/index.js";
import type { JobsApi } from "./agent-jobs.js";

export function jobsRoutes(jobs: JobsApi): PluginRoute[] {
  const actions = (["pause", "resume", "remove"] as const).map(
    (action): PluginRoute => ({
      method: "POST",
      path: `/jobs/:name/${action}`,
      params: jobNameParamsSchema,
      response: jobActionReplySchema,
      handle: async (request) => {
        const { name } = jobNameParamsSchema.parse(request.params);
        if (action === "remove") {
          jobs.remove(name);
          return { job: null };
        }
        return { job: jobs.setPaused(name, action === "pause") };
      },
    }),
  );
  return [
    {
      method: "GET",
      path: "/jobs",
      query: jobsQuerySchema,
      response: jobsOverviewSchema,
      handle: async (request) => {
        const { all } = jobsQuerySchema.parse(request.query ?? {});
        return jobs.overview({ all: all === "1" || all === "true" });
      },
    },
    {
      method: "GET",
      path: "/jobs/runs",
      query: jobRunsQuerySchema,
      response: jobRunsViewSchema,
      handle: async (request) => jobs.runs(jobRunsQuerySchema.parse(request.query ?? {}).limit),
    },
    {
      method: "POST",
      path: "/jobs",
      body: jobAddBodySchema,
      response: jobViewSchema,
      handle: async (request) => {
        // The token holder is the operator; `createdBy` says which of their interfaces asked.
        const { createdBy, ...body } = jobAddBodySchema.parse(request.body);
        const job = await jobs.add({ ...body, createdBy: createdBy ?? "web" });
        request.log.info({ job: job.name, by: job.createdBy }, "job added");
        return job;
      },
    },
    ...actions,
    {
      method: "POST",
      path: "/jobs/:name/run",
      params: jobNameParamsSchema,
      response: jobRunReplySchema,
      handle: async (request) => jobs.runNow(jobNameParamsSchema.parse(request.params).name),
    },
  ];
}
