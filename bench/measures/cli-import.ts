// `kern import FILE DIR` as a user runs it (bin/kern, the built CLI), in its own process: peak RSS
// from `/usr/bin/time -f %M` (the whole process tree, the import's bounded-heap child included)
// and wall time, into a fresh agent. Issue 13's bound: under 400 MB at 100k messages; issue 32's:
// under 400 MB at 1M. A failed import is recorded (with its error), not fatal to the size run.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { initAgent } from "../../src/daemon/index.js";

export interface CliImportFigures {
  peakRssMb: number | null;
  wallMs: number;
  imported: number;
  /** The report's times: appending to the session, and building the memory (`memoryMs`). */
  appendMs?: number;
  memoryMs?: number;
  /** The import's error when it failed (then peakRssMb is what it reached). */
  error?: string;
}

const TIME = "/usr/bin/time";

export async function measureCliImport(options: {
  root: string;
  file: string;
  agentDir: string;
}): Promise<CliImportFigures> {
  rmSync(options.agentDir, { recursive: true, force: true });
  await initAgent({ agentDir: options.agentDir, git: false });
  const command = [
    join(options.root, "bin", "kern"),
    ...["import", options.file, options.agentDir, "--json"],
  ];
  const timed = existsSync(TIME);
  const started = performance.now();
  const result = timed
    ? spawnSync(TIME, ["-f", "%M", process.execPath, ...command], {
        cwd: options.root,
        encoding: "utf8",
      })
    : spawnSync(process.execPath, command, { cwd: options.root, encoding: "utf8" });
  const wallMs = performance.now() - started;
  const kb = timed ? Number(result.stderr.trim().split("\n").at(-1)) : Number.NaN;
  rmSync(options.agentDir, { recursive: true, force: true });
  const peakRssMb = Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  if (result.status !== 0) {
    const error = `kern import exited ${result.status}: ${result.stderr.slice(0, 500)}`;
    return { peakRssMb, wallMs: Math.round(wallMs), imported: 0, error };
  }
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as {
    imported: number;
    ms: number;
    memoryMs: number;
  };
  return {
    peakRssMb,
    wallMs: Math.round(wallMs),
    imported: report.imported,
    appendMs: Math.round(report.ms),
    memoryMs: Math.round(report.memoryMs),
  };
}
