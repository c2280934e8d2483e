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
  /** What was timed when it is not the whole run to exit 0 (a long-running command, an error). */
  note?: string;
}

export interface TimeCommandOptions {
  runs: number;
  daemon: boolean;
  label: string;
  /** Untimed, before every run (the warm-up too): a fresh folder, a daemon to stop. */
  before?: () => void;
  /** The command is expected to fail (an unknown pairing code): time it all the same. */
  expectFailure?: boolean;
  note?: string;
}

const TIME = "/usr/bin/time";

function once(
  root: string,
  args: readonly string[],
  expectFailure = false,
): { ms: number; rssMb: number | null } {
  const bin = join(root, "bin", "kern");
  const withTime = existsSync(TIME);
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ["-f", "%M", process.execPath, bin, ...args], { encoding: "utf8" })
    : spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
  const ms = performance.now() - started;
  if ((run.status !== 0) !== expectFailure)
    throw new Error(`kern ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  const kb = withTime ? Number(run.stderr.trim().split("\n").at(-1)) : Number.NaN;
  return { ms, rssMb: Number.isFinite(kb) ? Math.round(kb / 1024) : null };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Times `args` `runs` times after one warm-up run. */
export function timeCommand(
  root: string,
  args: readonly string[],
  options: TimeCommandOptions,
): CommandTiming {
  const run = () => {
    options.before?.();
    return once(root, args, options.expectFailure);
  };
  run();
  const samples = Array.from({ length: options.runs }, run);
  const rss = samples.flatMap((sample) => (sample.rssMb === null ? [] : [sample.rssMb]));
  return {
    command: options.label,
    daemon: options.daemon,
    medianMs: Math.round(median(samples.map((sample) => sample.ms))),
    peakRssMb: rss.length > 0 ? Math.max(...rss) : null,
    ...(options.note ? { note: options.note } : {}),
  };
}

/** `kern start`/`stop` for the daemon half of the table. */
export function kern(root: string, args: readonly string[]): string {
  return execFileSync(process.execPath, [join(root, "bin", "kern"), ...args], { encoding: "utf8" });
}
