// Start-up of the CLI commands that keep running (`kern run`, `kern tui`): the time from spawning
// `node bin/kern …` until the command is ready — the daemon's pid file written, the TUI's first
// "connected" frame — then the process is ended (SIGTERM) and awaited, untimed.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type CommandTiming, median } from "./cli-start.js";

const READY_LIMIT_MS = 30_000;
const POLL_MS = 5;

export interface TimeUntilReadyOptions {
  runs: number;
  daemon: boolean;
  label: string;
  note: string;
  /** Run in a pseudo-terminal (`script`), as a person runs the TUI. */
  tty?: boolean;
  /** Ready when the output so far matches this … */
  output?: RegExp;
  /** … or when this file exists. */
  file?: string;
}

function spawnKern(root: string, args: readonly string[], tty: boolean): ChildProcess {
  const bin = join(root, "bin", "kern");
  const env = { ...process.env };
  delete env["CI"]; // ink draws nothing until exit when it sees CI=true
  if (!tty) return spawn(process.execPath, [bin, ...args], { env, detached: true });
  const quoted = [process.execPath, bin, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`);
  const shell = `stty cols 100 rows 30; exec ${quoted.join(" ")}`;
  return spawn("script", ["-qec", shell, "/dev/null"], { env, detached: true });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Waits until `file` is gone (the previous daemon has stopped and removed its pid file). */
async function whileExists(file: string): Promise<void> {
  const started = performance.now();
  while (existsSync(file)) {
    if (performance.now() - started > READY_LIMIT_MS) throw new Error(`${file} stays`);
    await sleep(POLL_MS);
  }
}

async function once(root: string, args: readonly string[], options: TimeUntilReadyOptions) {
  if (options.file) await whileExists(options.file);
  const started = performance.now();
  const child = spawnKern(root, args, options.tty ?? false);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", () => undefined);
  const gone = exited(child);
  let ms: number | null = null;
  while (ms === null && performance.now() - started < READY_LIMIT_MS) {
    if (options.output?.test(output) || (options.file && existsSync(options.file))) {
      ms = performance.now() - started;
      break;
    }
    const ended = await Promise.race([gone.then(() => true), sleep(POLL_MS).then(() => false)]);
    if (ended) break;
  }
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    process.kill(-child.pid, "SIGTERM"); // the process group: `script` and kern under it
  }
  await Promise.race([gone, sleep(READY_LIMIT_MS)]);
  if (ms === null) throw new Error(`kern ${args.join(" ")} was not ready: ${output.slice(-500)}`);
  return ms;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Times `args` until ready, `runs` times after one warm-up run. */
export async function timeUntilReady(
  root: string,
  args: readonly string[],
  options: TimeUntilReadyOptions,
): Promise<CommandTiming> {
  await once(root, args, options);
  const samples: number[] = [];
  for (let run = 0; run < options.runs; run += 1) samples.push(await once(root, args, options));
  return {
    command: options.label,
    daemon: options.daemon,
    medianMs: Math.round(median(samples)),
    peakRssMb: null,
    note: options.note,
  };
}
