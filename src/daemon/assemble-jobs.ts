// The composition root's part for jobs and the heartbeat (SPEC §13): one AgentJobs over the
// agent's files, its store and its runtime. `assemble.ts` makes it with one line, starts it once
// the runtime runs and stops it first.
import type { AgentPaths, Config } from "../config/index.js";
import type { Clock } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { AgentJobs, type JobsRuntimePort } from "../runtime/index.js";
import type { AgentStore } from "../store/index.js";

export interface AssembleJobsOptions {
  config: Config;
  paths: AgentPaths;
  store: AgentStore;
  runtime: JobsRuntimePort;
  clock: Clock;
  logger: Logger;
}

export function assembleJobs(options: AssembleJobsOptions): AgentJobs {
  const { config, paths, store, runtime, clock, logger } = options;
  return new AgentJobs({
    config,
    jobsFile: paths.jobsFile,
    heartbeatFile: paths.heartbeatFile,
    state: store.state,
    messages: store.messages,
    session: () => store.sessionLog.sessionId,
    runtime,
    clock,
    logger,
  });
}
