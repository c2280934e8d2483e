// Daemon processes (SPEC §8): `run` in the foreground, `start` as a detached child that writes its
// own pid file, `stop` gracefully. No systemd here; signals and the pid file are the contract.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { agentPaths, assertAgentFolder, readEnvFile } from "../config/index.js";
import { DaemonError, describeError, isoNow, SYSTEM_CLOCK } from "../kernel/index.js";
import { type FolderLock, makeTreePrivate, tryLockFolder } from "../store/index.js";
import {
  findDaemonByLock,
  type PidRecord,
  readPidFile,
  removePidFile,
  writePidFile,
} from "./address/index.js";
import { assembleDaemon, type Daemon } from "./assemble.js";
import { type IndexCheckAtStart, startIndexCheck } from "./index-check-at-start.js";
import { forgetAddedMallocTuning, withMallocTuning } from "./malloc-tuning.js";
import { watchStartReport } from "./start-report.js";

export interface RunDaemonOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
  /** Restart: re-spawn a detached daemon after this one stopped. */
  respawn: () => void;
}

/** Runs the daemon in this process until SIGTERM/SIGINT; resolves after a graceful stop. */
export async function runDaemon(options: RunDaemonOptions): Promise<void> {
  await assertAgentFolder(options.agentDir);
  forgetAddedMallocTuning(process.env);
  forgetAddedMallocTuning(options.env);
  const paths = agentPaths(options.agentDir);
  const lock = lockAgentFolder(options.agentDir, paths.kernDir);
  // An older folder, or files another tool made, become private too (docs/security.md).
  makeTreePrivate(paths.kernDir);
  // Damage the open path would not touch still stops the start, naming `kern reindex`: the
  // check runs beside the start, in a worker (index-check-at-start.ts).
  // The stamp sits beside kern.db (`.kern/*.db*` is git-ignored in every agent folder).
  const indexCheck = startIndexCheck(paths.database, `${paths.database}.checked`);
  let stopping: Promise<void> | null = null;
  let restartRequested = false;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  const requestStop = (): Promise<void> => {
    stopping ??= daemon
      .stop()
      .then(() => indexCheck.stampIfClean())
      .finally(() => {
        removePidFile(paths.pidFile, process.pid);
        lock.release();
        markStopped();
      });
    return stopping;
  };
  const daemon = await assembleDaemon({
    agentDir: options.agentDir,
    env: options.env,
    onRestartRequest: () => {
      restartRequested = true;
      void requestStop();
    },
  });
  // The handlers come before the pid file: a SIGTERM that arrived while the file was being
  // written used to kill the process outright and leave a stale pid file behind.
  process.once("SIGTERM", () => void requestStop());
  process.once("SIGINT", () => void requestStop());
  const listening = await listenChecked({ daemon, indexCheck, requestStop });
  if (stopping === null) {
    writePidFile(paths.pidFile, {
      pid: process.pid,
      port: listening.port,
      startedAt: isoNow(SYSTEM_CLOCK),
    });
  }
  await stopped;
  if (restartRequested) options.respawn();
}

/** Holds .kern/daemon.lock for this process, or throws when another daemon holds it. */
function lockAgentFolder(agentDir: string, kernDir: string): FolderLock {
  const lock = tryLockFolder(join(kernDir, "daemon.lock"));
  if (!lock) {
    throw new DaemonError(
      "KERN_DAEMON_START_FAILED",
      `another daemon already runs for ${agentDir} (it holds .kern/daemon.lock); stop it with 'kern stop' first`,
    );
  }
  return lock;
}

/**
 * Listens, then waits for the index check; if either fails the daemon stops before the error is
 * thrown on. A check still running when that settles stops the daemon later if it finds damage.
 */
async function listenChecked(parts: {
  daemon: Daemon;
  indexCheck: IndexCheckAtStart;
  requestStop: () => Promise<void>;
}): Promise<{ port: number }> {
  const { daemon, indexCheck, requestStop } = parts;
  const listening = await daemon.listen().catch(async (error: unknown) => {
    await requestStop();
    throw error;
  });
  const checking = await indexCheck.settle().catch(async (error: unknown) => {
    await requestStop();
    throw error;
  });
  if (checking) {
    indexCheck.onLateDamage((error) => {
      daemon.logger.error({ err: error }, "kern.db failed its check; stopping");
      process.stderr.write(`kern: ${error.message}\n`);
      void requestStop();
    });
  }
  return listening;
}

export interface StartDaemonResult {
  alreadyRunning: boolean;
  pid: number;
  port: number | null;
  url: string;
}

/** Spawns `kern run DIR` detached and waits until its API answers. */
export async function startDaemon(options: {
  agentDir: string;
  /** argv to re-run this CLI: [node, ...execArgv, entry]. */
  command: readonly string[];
  timeoutMs?: number;
}): Promise<StartDaemonResult> {
  await assertAgentFolder(options.agentDir);
  const paths = agentPaths(options.agentDir);
  const running = readPidFile(paths.pidFile);
  if (running)
    return { alreadyRunning: true, pid: running.pid, port: running.port, url: urlFor(running) };
  const log = openSync(`${paths.kernDir}/daemon.out`, "a", 0o600);
  const [executable, ...args] = options.command;
  const child = spawn(executable as string, [...args, "run", paths.agentDir], {
    detached: true,
    env: withMallocTuning(process.env),
    stdio: ["ignore", log, log, "ipc"],
  });
  const report = watchStartReport(child);
  let exited = false;
  void report.exited.then(() => {
    exited = true;
  });
  let record: PidRecord;
  try {
    const timeoutMs = options.timeoutMs ?? 20_000;
    record = await waitForPidFile(paths.pidFile, child.pid ?? -1, timeoutMs, () => exited);
  } catch (error) {
    throw (exited ? await report.exited : null) ?? error;
  } finally {
    if (child.connected) child.disconnect();
    child.unref();
  }
  const token = (await readEnvFile(paths.envFile))["KERN_AUTH_TOKEN"] ?? "";
  await waitForApi(urlFor(record), token, options.timeoutMs ?? 20_000);
  return { alreadyRunning: false, pid: record.pid, port: record.port, url: urlFor(record) };
}

function urlFor(record: PidRecord): string {
  return `http://127.0.0.1:${record.port ?? 0}/`;
}

async function waitForPidFile(
  pidFile: string,
  childPid: number,
  timeoutMs: number,
  hasExited: () => boolean,
): Promise<PidRecord> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const record = readPidFile(pidFile);
    if (record?.pid === childPid) return record;
    if (hasExited()) {
      // Normally the child's own error came over IPC (start-report.ts); this is the fallback.
      const out = pidFile.replace(/daemon\.pid$/, "daemon.out");
      throw new DaemonError(
        "KERN_DAEMON_START_FAILED",
        `the daemon exited during start-up${lastError(out)}; see ${out} and logs/kern.log`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new DaemonError(
    "KERN_DAEMON_START_FAILED",
    `the daemon did not start within ${timeoutMs} ms; see .kern/daemon.out`,
  );
}

/** ": <reason>" from the last `kern: ` line the daemon wrote to daemon.out, or "". */
function lastError(outFile: string): string {
  try {
    const tail = readFileSync(outFile, "utf8").slice(-4000).trimEnd().split("\n");
    const line = tail.reverse().find((candidate) => candidate.startsWith("kern: "));
    return line ? `: ${line.slice("kern: ".length)}` : "";
  } catch {
    return "";
  }
}

/** Resolves once `GET /status` answers at `url` (KERN_DAEMON_START_FAILED after `timeoutMs`). */
export async function waitForApi(url: string, token: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}status`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = describeError(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new DaemonError(
    "KERN_DAEMON_START_FAILED",
    `the daemon API at ${url} did not answer (${lastError})`,
  );
}

/** Sends SIGTERM and waits for the process to exit (SIGKILL after `timeoutMs`). */
export async function stopDaemon(options: {
  agentDir: string;
  timeoutMs?: number;
}): Promise<{ wasRunning: boolean; pid: number | null }> {
  await assertAgentFolder(options.agentDir);
  const paths = agentPaths(options.agentDir);
  // Without its pid file (deleted by hand or by a tool), the daemon is the `kern run` process
  // holding .kern/daemon.lock open.
  const pid =
    readPidFile(paths.pidFile)?.pid ?? findDaemonByLock(join(paths.kernDir, "daemon.lock"));
  if (pid === null) return { wasRunning: false, pid: null };
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return { wasRunning: true, pid };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(pid, "SIGKILL");
  return { wasRunning: true, pid };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
