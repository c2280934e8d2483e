// `kern jobs …` when no daemon runs: the CLI edits `.kern/jobs.json` itself, holding the folder's
// lock so no daemon starts meanwhile (with a daemon running, the CLI goes through its API).
import { join } from "node:path";
import { agentPaths, assertAgentFolder, loadConfig } from "../config/index.js";
import {
  DaemonError,
  type JobsOverview,
  type JobView,
  parseDuration,
  SYSTEM_CLOCK,
} from "../kernel/index.js";
import {
  addJob,
  findJob,
  hostTimezone,
  type JobInput,
  removeJob,
  setPaused,
  startOfLocalDay,
  toJobView,
  toNewJob,
  UNATTENDED_PURPOSES,
} from "../runtime/index.js";
import {
  type JobsDocument,
  openDatabase,
  readJobsFile,
  StateRepo,
  tryLockFolder,
  writeJobsFile,
} from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";

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
  return withJobsLock(options.agentDir, () => {
    const before = readJobsFile(paths.jobsFile);
    const nowMs = SYSTEM_CLOCK.now();
    const timezone = config.timezone ?? hostTimezone();
    const minIntervalMs = parseDuration(config.jobs.minInterval) ?? 60_000;
    let after: JobsDocument;
    let name: string;
    if (change.action === "add") {
      const job = toNewJob(change.input, { nowMs, timezone, minIntervalMs });
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
    return change.action === "remove" ? null : toJobView(findJob(after, name));
  });
}

/** The jobs and today's unattended spend, read from the files. */
export async function listJobsOffline(options: OfflineJobsOptions): Promise<JobsOverview> {
  await assertAgentFolder(options.agentDir);
  const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  const paths = agentPaths(config.agentDir);
  const timezone = config.timezone ?? hostTimezone();
  const since = new Date(startOfLocalDay(SYSTEM_CLOCK.now(), timezone)).toISOString();
  const db = openDatabase(paths.database);
  let spentToday: number;
  try {
    spentToday = new StateRepo(db).tokensSince(since, UNATTENDED_PURPOSES);
  } catch {
    spentToday = 0; // an index not built yet has no usage table: nothing was spent
  } finally {
    db.close();
  }
  return {
    jobs: readJobsFile(paths.jobsFile).jobs.map(toJobView),
    unattended: { spentToday, capPerDay: config.unattendedTokensPerDay, notice: null },
    heartbeat: null,
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
