// Jobs and the heartbeat as a plugin (SPEC §13, §17): the `job` and `heartbeat` turn kinds, the
// `schedule` tool, `/jobs`, the jobs API, the status section; the scheduler and the heartbeat
// start with the daemon and stop first. It listens for turn ends during setup, before the runtime
// starts, so the end of a turn replayed after a crash is never missed (ADR 0013).
import type { Config } from "../../config/index.js";
import { parseDuration } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { formatJobLines, formatUnattendedLines, type JobsOverview } from "../../protocol/index.js";
import type { KernPlugin, PluginHost } from "../../runtime/index.js";
import { AgentJobs, heartbeatIntervalOf, type JobActionRunner } from "./agent-jobs.js";
import { createJobsCommand, createJobsToolSource, createScheduleTool } from "./jobs-extension.js";
import { jobsRoutes } from "./jobs-routes.js";

export interface JobsPluginOptions {
  /** Runs the jobs whose run is an action (a backup) instead of a prompt; none = refused. */
  actions?: JobActionRunner;
}

export function createJobsPlugin(options: JobsPluginOptions = {}): KernPlugin {
  return {
    name: "jobs",
    setup: (host) => setUpJobs(host, options),
  };
}

function setUpJobs(host: PluginHost, options: JobsPluginOptions): void {
  {
    const { config, paths, store, clock, runtime, budget } = host.kern;
    host.registerTurnKind({ name: "job", unattended: true });
    host.registerTurnKind({ name: "heartbeat", unattended: true });
    const jobs = new AgentJobs({
      config,
      jobsFile: paths.jobsFile,
      heartbeatFile: paths.heartbeatFile,
      messages: store.messages,
      session: () => store.sessionLog.sessionId,
      runtime: {
        enqueue: (request) => host.enqueue(request),
        subscribe: (listener) => host.subscribe(listener),
        pendingTurns: () => runtime.pendingTurns(),
      },
      budget,
      ...(options.actions ? { actions: options.actions } : {}),
      knownRoutes: async () => ({
        channels: runtime.registries.channels.list().map((channel) => channel.id),
        paired: (await host.kern.pairing.list()).paired,
      }),
      // A notice outside a turn (a reminder skipped at the cap): the channel's own send.
      notify: async (route, text) => {
        const channel = runtime.registries.channels.get(route.channel);
        if (channel && route.chat) await channel.send({ chat: route.chat, text });
      },
      clock,
      logger: host.log,
    });
    jobs.listen();
    const minIntervalMs = parseDuration(config.jobs.minInterval) ?? 60_000;
    host.registerToolSource(createJobsToolSource(createScheduleTool(jobs, clock, minIntervalMs)));
    host.registerCommand(createJobsCommand(jobs, clock));
    host.registerRoutes(jobsRoutes(jobs));
    host.registerStatusSection({
      name: "jobs",
      read: () => jobs.overview(),
      lines: (value) => jobsStatusLines(value as JobsOverview),
    });
    warnOnShortHeartbeat(host.log, config);
    host.onStart(() => jobs.start());
    host.onStop(() => jobs.stop());
  }
}

/** Status lines for jobs: each job indented, then the unattended spend and the heartbeat. */
function jobsStatusLines(overview: JobsOverview): string[] {
  const jobs =
    overview.jobs.length === 0
      ? ["jobs: none"]
      : [
          `jobs (${overview.jobs.length}):`,
          ...formatJobLines(overview, null).map((line) => `  ${line}`),
        ];
  return [...jobs, ...formatUnattendedLines(overview)];
}

/** A heartbeat more often than jobs.minInterval runs every jobs.minInterval: say so once. */
function warnOnShortHeartbeat(log: Logger, config: Config): void {
  const interval = parseDuration(config.heartbeatInterval) ?? 0;
  if (interval > 0 && interval < heartbeatIntervalOf(config)) {
    log.warn(
      { heartbeatInterval: config.heartbeatInterval, minInterval: config.jobs.minInterval },
      "heartbeatInterval is below jobs.minInterval; the heartbeat runs every jobs.minInterval",
    );
  }
}
