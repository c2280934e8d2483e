// `kern jobs …` when no daemon runs: the CLI edits `.kern/jobs.json` itself, holding the folder's
// lock so no daemon starts meanwhile (with a daemon running, the CLI goes through its API).
import { join } from "node:path";
import { type AgentPaths, agentPaths, assertAgentFolder, loadConfig } from "../config/index.js";
import {
  DaemonError,
  hostTimezone,
  parseDuration,
  SYSTEM_CLOCK,
  startOfLocalDay,
} from "../kernel/index.js";
import {
  addJob,
  findJob,
  JobHistory,
  type JobInput,
  type KnownRoutes,
  removeJob,
  retireFinished,
  runEntry,
  setPaused,
  toJobView,
  toNewJob,
} from "../plugins/jobs/index.js";
import type { JobsOverview, JobView } from "../protocol/index.js";
import { PairingStore } from "../runtime/index.js";
import {
  type JobsDocument,
  openDatabase,
  readJobsFile,
  StateRepo,
  tryLockFolder,
  writeJobsFile,
} from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";

/**
 * The unattended kinds kern's own plugins register (jobs, heartbeat, sub-agents, background
 * commands): without a daemon no plugin runs to say so; an outside plugin's kinds count in the
 * daemon's own figure only.
 */
const OFFLINE_UNATTENDED_KINDS = ["job", "heartbeat", "subagent", "process"];

export type OfflineJobChange =
  | { action: "add"; input: JobInput }
  | { action: "remove" | "pause" | "resume"; name: string };

export interface OfflineJobsOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
}

/** Applies one change to the jobs file; returns the job as it is after (null once removed). */
export async function changeJobOffline(
  options: OfflineJobsOptions,
  change: OfflineJobChange,
): Promise<JobView | null> {
  const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  const paths = agentPaths(config.agentDir);
  const routes = await offlineRoutes(paths);
  return withJobsLock(options.agentDir, () => {
    const timezone = config.timezone ?? hostTimezone();
    const before = retireOffline(paths, timezone);
    const nowMs = SYSTEM_CLOCK.now();
    const minIntervalMs = parseDuration(config.jobs.minInterval) ?? 60_000;
    let after: JobsDocument;
    let name: string;
    if (change.action === "add") {
      const job = toNewJob(change.input, { nowMs, timezone, minIntervalMs, routes });
      after = addJob(before, job, { nowMs, max: config.jobs.max });
      name = job.name;
    } else {
      name = change.name;
      after =
        change.action === "remove"
          ? removeJob(before, name)
          : setPaused(before, name, change.action === "pause", nowMs);
    }
    writeJobsFile(paths.jobsFile, after);
    return change.action === "remove" ? null : toJobView(findJob(after, name), timezone);
  });
}

/**
 * The jobs file without its finished one-shot jobs (a file from before they were retired at
 * once): their runs go to the history first, so their names are free and they count no more.
 */
function retireOffline(paths: AgentPaths, timezone: string): JobsDocument {
  const read = readJobsFile(paths.jobsFile);
  const { document, retired } = retireFinished(read);
  if (retired.length === 0) return read;
  const history = new JobHistory(historyFileOf(paths));
  history.append(retired.map((job) => runEntry(job, job.lastRun?.outcome ?? "ok", timezone)));
  return document;
}

function historyFileOf(paths: AgentPaths): string {
  return paths.jobsFile.replace(/\.json$/, "-runs.jsonl");
}

/** The jobs and today's unattended spend, read from the files. */
export async function listJobsOffline(
  options: OfflineJobsOptions & { all?: boolean },
): Promise<JobsOverview> {
  await assertAgentFolder(options.agentDir);
  const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  const paths = agentPaths(config.agentDir);
  const timezone = config.timezone ?? hostTimezone();
  const since = new Date(startOfLocalDay(SYSTEM_CLOCK.now(), timezone)).toISOString();
  const db = openDatabase(paths.database);
  let spentToday: number;
  try {
    spentToday = new StateRepo(db).tokensSince(since, OFFLINE_UNATTENDED_KINDS);
  } catch {
    spentToday = 0; // an index not built yet has no usage table: nothing was spent
  } finally {
    db.close();
  }
  return {
    jobs: readJobsFile(paths.jobsFile).jobs.map((job) => toJobView(job, timezone)),
    unattended: { spentToday, capPerDay: config.unattendedTokensPerDay, notice: null },
    heartbeat: null,
    timezone,
    ...(options.all ? { runs: new JobHistory(historyFileOf(paths)).read() } : {}),
  };
}

async function withJobsLock<T>(agentDir: string, action: () => T): Promise<T> {
  await assertAgentFolder(agentDir);
  const paths = agentPaths(agentDir);
  assertDaemonStopped(paths.pidFile, "changing jobs");
  const lock = tryLockFolder(join(paths.kernDir, "daemon.lock"));
  if (!lock) {
    throw new DaemonError(
      "KERN_DAEMON_START_FAILED",
      `a daemon is starting for ${agentDir} (it holds .kern/daemon.lock); run the command again once it runs`,
    );
  }
  try {
    return action();
  } finally {
    lock.release();
  }
}

/**
 * The routes a job made without a daemon may name: the paired chats (`.kern/pairing.json`) on
 * the channels they were paired through; the daemon checks its registered channels itself.
 */
async function offlineRoutes(paths: AgentPaths): Promise<KnownRoutes> {
  const store = await PairingStore.open({
    pairingFile: paths.pairingFile,
    usersFile: join(paths.agentDir, "USERS.md"),
    clock: SYSTEM_CLOCK,
  });
  const { paired } = await store.list();
  return { channels: [...new Set(paired.map((user) => user.channel))], paired };
}
