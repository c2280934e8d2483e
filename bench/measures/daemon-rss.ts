// The daemon's steady memory at a size (issue 50, Build 5: at most 500 MB at 1M messages):
// `kern start DIR` against the agent the size run built, then, once its memory worker has caught
// up and a few seconds passed, the resident set of the daemon process (VmRSS in /proc) and its
// high-water mark since it started (VmHWM: the start's catch-up included). Linux only.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
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
}

const SETTLE_MS = 15_000;

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
    if (kern(root, ["start", agentDir]).status !== 0) return null;
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const { pid } = pidFileSchema.parse(
      JSON.parse(readFileSync(agentPaths(agentDir).pidFile, "utf8")),
    );
    return {
      steadyMb: Math.round(statusKb(pid, "VmRSS") / 1024),
      peakMb: Math.round(statusKb(pid, "VmHWM") / 1024),
      settleMs,
    };
  } catch (error) {
    process.stderr.write(`daemon RSS not measured: ${String(error)}\n`);
    return null;
  } finally {
    kern(root, ["stop", agentDir]);
  }
}
