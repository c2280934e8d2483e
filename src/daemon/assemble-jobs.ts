// The composition root's part for jobs and the heartbeat (SPEC §13): one AgentJobs over the
// agent's files, its store and its runtime. `assemble.ts` makes it with one line, starts it once
// the runtime runs and stops it first.
import type { AgentPaths, Config } from "../config/index.js";
import { type Clock, parseDuration } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import {
  AgentJobs,
  createJobsCommand,
  createJobsToolSource,
  createScheduleTool,
  heartbeatIntervalOf,
  type Runtime,
} from "../runtime/index.js";
import type { AgentStore } from "../store/index.js";
import { createBackupJobRunner } from "./backup/backup-job.js";

export interface AssembleJobsOptions {
  config: Config;
  paths: AgentPaths;
  store: AgentStore;
  runtime: Runtime;
  clock: Clock;
  logger: Logger;
  /** Sub-agents count against the unattended budget, and are refused to unattended turns at it. */
  subagents?: { setBudget(budget: AgentJobs["budget"]): void };
}

/** Makes the agent's jobs and registers the `schedule` tool, `/jobs` and the status part. */
export function assembleJobs(options: AssembleJobsOptions): AgentJobs {
  const { config, paths, store, runtime, clock, logger } = options;
  const jobs = new AgentJobs({
    config,
    jobsFile: paths.jobsFile,
    heartbeatFile: paths.heartbeatFile,
    state: store.state,
    messages: store.messages,
    session: () => store.sessionLog.sessionId,
    runtime,
    clock,
    logger,
    actions: createBackupJobRunner({ agentDir: config.agentDir, logger }),
  });
  options.subagents?.setBudget(jobs.budget);
  // Before the runtime starts: the end of a turn it replays after a crash must be heard.
  jobs.listen();
  const minIntervalMs = parseDuration(config.jobs.minInterval) ?? 60_000;
  runtime.tools.register(createJobsToolSource(createScheduleTool(jobs, clock, minIntervalMs)));
  runtime.registerCommand(createJobsCommand(jobs, clock));
  runtime.registerJobsStatus(jobs);
  const interval = parseDuration(config.heartbeatInterval) ?? 0;
  if (interval > 0 && interval < heartbeatIntervalOf(config)) {
    logger.warn(
      { heartbeatInterval: config.heartbeatInterval, minInterval: config.jobs.minInterval },
      "heartbeatInterval is below jobs.minInterval; the heartbeat runs every jobs.minInterval",
    );
  }
  return jobs;
}
