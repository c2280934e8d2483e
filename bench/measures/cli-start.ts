// Whole-process start-up of every CLI command (issue 17): the built `bin/kern` run as a child
// process several times, median wall time and peak RSS (from /usr/bin/time when the machine has
// it). Commands that read an agent run against one with a 2k-message history, with and without
// its daemon running.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface CommandTiming {
  command: string;
  daemon: boolean;
  medianMs: number;
  peakRssMb: number | null;
}

const TIME = "/usr/bin/time";

function once(root: string, args: readonly string[]): { ms: number; rssMb: number | null } {
  const bin = join(root, "bin", "kern");
  const withTime = existsSync(TIME);
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ["-f", "%M", process.execPath, bin, ...args], { encoding: "utf8" })
    : spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`kern ${args.join(" ")} failed: ${run.stderr}`);
  const kb = withTime ? Number(run.stderr.trim().split("\n").at(-1)) : Number.NaN;
  return { ms, rssMb: Number.isFinite(kb) ? Math.round(kb / 1024) : null };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Times `args` `runs` times after one warm-up run. */
export function timeCommand(
  root: string,
  args: readonly string[],
  options: { runs: number; daemon: boolean; label: string },
): CommandTiming {
  once(root, args);
  const samples = Array.from({ length: options.runs }, () => once(root, args));
  const rss = samples.flatMap((sample) => (sample.rssMb === null ? [] : [sample.rssMb]));
  return {
    command: options.label,
    daemon: options.daemon,
    medianMs: Math.round(median(samples.map((sample) => sample.ms))),
    peakRssMb: rss.length > 0 ? Math.max(...rss) : null,
  };
}

/** `kern start`/`stop` for the daemon half of the table. */
export function kern(root: string, args: readonly string[]): string {
  return execFileSync(process.execPath, [join(root, "bin", "kern"), ...args], { encoding: "utf8" });
}
