// The jobs API (SPEC §13; schemas in protocol/job-schemas.ts): list with the heartbeat and the
// day's unattended spend, add, pause, resume, remove, run now. Mounted by the web server behind
// the API's auth, at the documented paths (`/jobs`, `/jobs/:name/…`).
import {
  jobActionReplySchema,
  jobAddBodySchema,
  jobNameParamsSchema,
  jobRunReplySchema,
  jobsOverviewSchema,
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
      response: jobsOverviewSchema,
      handle: async () => jobs.overview(),
    },
    {
      method: "POST",
      path: "/jobs",
      body: jobAddBodySchema,
      response: jobViewSchema,
      handle: async (request) => {
        const job = await jobs.add({ ...jobAddBodySchema.parse(request.body), createdBy: "web" });
        request.log.info({ job: job.name }, "job added");
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
