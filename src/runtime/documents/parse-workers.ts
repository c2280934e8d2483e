// Untrusted parsing off the daemon's event loop (issue 49 items 1 and 3): a PDF's text and a web
// page's Markdown are made in a worker thread with budgets, as grep's regex is
// (tools/grep-in-worker.ts). On the main loop one 300 KB PDF held every interface for 44 s at
// 1.1 GB, a 2 MB page of nested <div>s for over 15 minutes. Budgets here, caps on what is parsed
// in each worker's source (pdf-text-worker.ts, readable-markdown-worker.ts):
// - time: the worker is terminated when its wall time runs out (V8 interrupts running code);
// - heap: `resourceLimits`, so a parse that builds millions of objects ends with
//   ERR_WORKER_OUT_OF_MEMORY instead of growing the daemon to gigabytes;
// - memory outside the heap (ArrayBuffers: an inflated stream, pdf.js's buffers) is not in
//   `resourceLimits`: the process's RSS is watched while a worker runs, and the worker is ended
//   once RSS passes its start by RSS_GROWTH_MB;
// - at most MAX_RUNNING workers at once (2 cores), others wait their turn; a cancelled job ends at
//   once, waiting or running. `stop()` (the daemon's stop) ends them all and refuses new ones: a
//   stop never waits for a parse, and a worker never keeps the process alive (unref).
import { Worker } from "node:worker_threads";
import { ConcurrencyGate } from "./concurrency-gate.js";

/** Workers that may run at once; more wait. Two cores on the machines kern is measured on. */
const MAX_RUNNING = 2;
/** RSS growth (heap and buffers) a worker may cause before it is ended: with a 150 MB daemon, one
 * hostile file leaves it under 600 MB. */
const RSS_GROWTH_MB = 384;
/** How often the RSS is read while a worker runs (a cheap read of /proc/self/statm). */
const RSS_SAMPLE_MS = 50;

export interface ParseBudget {
  /** Wall time from the worker's start. */
  timeMs: number;
  /** The worker's old-generation heap, in MB (`resourceLimits.maxOldGenerationSizeMb`). */
  heapMb: number;
}

/** How a parse ended: it said `end`, hit a budget, failed, or was cancelled (turn or stop). */
export type ParseEnd =
  | { kind: "end" }
  | { kind: "limit"; limit: "time" | "memory" }
  | { kind: "failed"; message: string }
  | { kind: "cancelled" };

export interface ParseJob {
  /** CommonJS source, eval'd (runs the same from src/ under tsx, from dist/ and the bundle). */
  source: string;
  workerData: unknown;
  transferList?: ArrayBuffer[];
  budget: ParseBudget;
  signal?: AbortSignal;
  /** Each message the worker posts, but its last (`{ type: "end" }` or `{ type: "error" }`). */
  onMessage: (message: unknown) => void;
}

function endOf(message: unknown): ParseEnd | null {
  if (typeof message !== "object" || message === null || !("type" in message)) return null;
  if (message.type === "end") return { kind: "end" };
  if (message.type !== "error") return null;
  const text = "message" in message ? String(message.message) : "the parser failed";
  return { kind: "failed", message: text };
}

export class ParseWorkers {
  private readonly gate = new ConcurrencyGate(MAX_RUNNING);
  private readonly live = new Set<() => void>();

  /** Runs the job in a worker of its own; never rejects. */
  async run(job: ParseJob): Promise<ParseEnd> {
    const release = await this.gate.acquire(job.signal);
    if (!release) return { kind: "cancelled" };
    try {
      return await this.runNow(job);
    } finally {
      release();
    }
  }

  /** Ends every running and waiting job, and refuses new ones (each resolves `cancelled`). */
  stop(): void {
    this.gate.close();
    for (const cancel of [...this.live]) cancel();
  }

  private runNow(job: ParseJob): Promise<ParseEnd> {
    const worker = new Worker(job.source, {
      eval: true,
      workerData: job.workerData,
      transferList: job.transferList ?? [],
      resourceLimits: { maxOldGenerationSizeMb: job.budget.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true, // pdf.js warns on the console: nothing of it reaches the daemon's output
      stderr: true,
    });
    worker.unref();
    worker.stdout.resume();
    worker.stderr.resume();
    return new Promise((resolve) => {
      const rssCeiling = process.memoryUsage.rss() + RSS_GROWTH_MB * 1024 * 1024;
      let settled = false;
      const settle = (end: ParseEnd) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        this.live.delete(cancel);
        job.signal?.removeEventListener("abort", cancel);
        void worker.terminate();
        resolve(end);
      };
      const cancel = () => settle({ kind: "cancelled" });
      const timer = setTimeout(() => settle({ kind: "limit", limit: "time" }), job.budget.timeMs);
      const watch = setInterval(() => {
        if (process.memoryUsage.rss() > rssCeiling) settle({ kind: "limit", limit: "memory" });
      }, RSS_SAMPLE_MS);
      timer.unref();
      watch.unref();
      this.live.add(cancel);
      job.signal?.addEventListener("abort", cancel, { once: true });
      worker.on("message", (message: unknown) => {
        const end = endOf(message);
        if (end) settle(end);
        else if (!settled) job.onMessage(message);
      });
      worker.once("error", (error: Error & { code?: string }) =>
        settle(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? { kind: "limit", limit: "memory" }
            : { kind: "failed", message: error.message },
        ),
      );
      worker.once("exit", (code) =>
        settle({ kind: "failed", message: `the parser stopped (exit ${code})` }),
      );
    });
  }
}
