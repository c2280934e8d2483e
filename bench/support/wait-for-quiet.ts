// Waits until the machine is quiet before a timed section: this benchmark shares its machine, and
// other work (test suites, builds) would show up as latency. Gives up after `maxMs` and says so.
import { cpus, loadavg } from "node:os";
import { progress } from "./progress.js";

export interface WaitForQuietOptions {
  scope: string;
  /** Longest wait; the run then goes ahead (the report lists the load at the end of each run). */
  maxMs: number;
}

/** Resolves when the 1-minute load average is below the number of cores, or after `maxMs`. */
export async function waitForQuiet(options: WaitForQuietOptions): Promise<void> {
  const cores = cpus().length;
  const deadline = Date.now() + options.maxMs;
  let told = false;
  while (Date.now() < deadline) {
    const [load = 0] = loadavg();
    if (load < cores) return;
    if (!told)
      progress(options.scope, `waiting for the machine to quieten (load ${load.toFixed(1)})`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  progress(options.scope, "machine still busy; measuring anyway");
}
