// The daemon's steady memory at a size (issue 50, Build 5: at most 500 MB at 1M messages):
// `kern start DIR` against the agent the size run built, then, once recall's word index (built in
// the background after a start, the daemon's largest structure: 170 MB at the chat-shaped 1M)
// is ready and a few seconds more passed, the resident set of the daemon process (VmRSS in
// /proc) and its high-water mark since it started (VmHWM: the start's catch-up included). Before
// 2026-12-02 it waited 15 s from the start, which at 1M measured the daemon before its word
// index was built. Linux only.
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { agentPaths } from "../../src/config/index.js";

/** The daemon's pid file (src/daemon writes it): only the pid is read here. */
const pidFileSchema = z.object({ pid: z.number().int().positive() });

export interface DaemonRss {
  /** VmRSS after the settle time. */
  steadyMb: number;
  /** VmHWM: the peak since the daemon started. */
  peakMb: number;
  settleMs: number;
  /** From `kern start` until the daemon logged its word index ready (null: not within the bound). */
  wordIndexReadyMs?: number | null;
}

const SETTLE_MS = 15_000;
/** How long the word index may take to be ready (the tool-heavy 1M: ~150 s in-process). */
const READY_BOUND_MS = 15 * 60_000;
const READY_LINE = "recall's word index is ready";

/** Bytes of the daemon's log now (where to look for the ready line from). */
function logBytes(agentDir: string): number {
  return statSync(agentPaths(agentDir).logFile, { throwIfNoEntry: false })?.size ?? 0;
}

/** Waits (bounded) for the log, past byte `since`, to say the word index is ready. */
async function untilWordIndexReady(agentDir: string, since: number): Promise<boolean> {
  const file = agentPaths(agentDir).logFile;
  const deadline = performance.now() + READY_BOUND_MS;
  while (performance.now() < deadline) {
    if (logBytes(agentDir) > since && readFileSync(file).subarray(since).includes(READY_LINE))
      return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

function kern(root: string, args: string[]) {
  return spawnSync(process.execPath, [join(root, "bin", "kern"), ...args], { encoding: "utf8" });
}

function statusKb(pid: number, field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Null when the daemon did not start or /proc is not there (the size run goes on). */
export async function measureDaemonRss(
  root: string,
  agentDir: string,
  settleMs = SETTLE_MS,
): Promise<DaemonRss | null> {
  kern(root, ["stop", agentDir]);
  try {
    const since = logBytes(agentDir);
    const started = performance.now();
    if (kern(root, ["start", agentDir]).status !== 0) return null;
    const ready = await untilWordIndexReady(agentDir, since);
    const wordIndexReadyMs = ready ? Math.round(performance.now() - started) : null;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const { pid } = pidFileSchema.parse(
      JSON.parse(readFileSync(agentPaths(agentDir).pidFile, "utf8")),
    );
    return {
      steadyMb: Math.round(statusKb(pid, "VmRSS") / 1024),
      peakMb: Math.round(statusKb(pid, "VmHWM") / 1024),
      settleMs,
      wordIndexReadyMs,
    };
  } catch (error) {
    process.stderr.write(`daemon RSS not measured: ${String(error)}\n`);
    return null;
  } finally {
    kern(root, ["stop", agentDir]);
  }
}
