// The jobs API (SPEC §13; schemas in protocol/job-schemas.ts): list with the heartbeat and the
// day's unattended spend, add, pause, resume, remove, run now. Without jobs (a daemon assembled
// without them) every route answers KERN_UNAVAILABLE.
import { DaemonError } from "../../../kernel/index.js";
import {
  jobActionReplySchema,
  jobAddBodySchema,
  jobNameParamsSchema,
  jobRunReplySchema,
  jobsOverviewSchema,
  jobViewSchema,
} from "../../../protocol/index.js";
import type { JobsApi } from "../../../runtime/index.js";
import type { WebApp, WebContext } from "../web-app.js";

function jobsOf(context: WebContext): JobsApi {
  if (!context.jobs) {
    throw new DaemonError("KERN_UNAVAILABLE", "this daemon runs without jobs");
  }
  return context.jobs;
}

export function registerJobRoutes(app: WebApp, context: WebContext): void {
  app.get("/jobs", { schema: { response: { 200: jobsOverviewSchema } } }, async () =>
    jobsOf(context).overview(),
  );

  app.post(
    "/jobs",
    { schema: { body: jobAddBodySchema, response: { 200: jobViewSchema } } },
    async (request) => {
      const job = jobsOf(context).add({ ...request.body, createdBy: "web" });
      request.log.info({ job: job.name }, "job added");
      return job;
    },
  );

  for (const action of ["pause", "resume", "remove"] as const) {
    app.post(
      `/jobs/:name/${action}`,
      { schema: { params: jobNameParamsSchema, response: { 200: jobActionReplySchema } } },
      async (request) => {
        const jobs = jobsOf(context);
        const { name } = request.params;
        if (action === "remove") {
          jobs.remove(name);
          return { job: null };
        }
        return { job: jobs.setPaused(name, action === "pause") };
      },
    );
  }

  app.post(
    "/jobs/:name/run",
    { schema: { params: jobNameParamsSchema, response: { 200: jobRunReplySchema } } },
    async (request) => jobsOf(context).runNow(request.params.name),
  );
}
