// Runs grep's regular expression in a worker thread with a time budget: a model-chosen pattern
// such as `(a+)+$` backtracks for minutes, and on the main thread it froze the whole daemon.
// The worker is terminated when the budget runs out (V8 interrupts a running regex).
import { Worker } from "node:worker_threads";
import { KernError } from "../../kernel/index.js";

/** Wall time one grep may take, reading files included. */
export const GREP_BUDGET_MS = 10_000;

// Plain JavaScript (eval'd), so it runs the same from src/ under tsx and from dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { join, relative, sep } = require("node:path");
const { agentDir, files, pattern, flags, maxMatches } = workerData;
const regex = new RegExp(pattern, flags);
const realRoot = fs.realpathSync(agentDir);
// Open first, then check what was opened (confined-file.ts): a regular file with one link, whose
// real path is inside the folder and outside .kern/ and .git/. Anything else is skipped.
function readConfined(file) {
  const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;
  const fd = fs.openSync(join(agentDir, file), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const stats = fs.fstatSync(fd);
    if (!stats.isFile() || stats.nlink > 1) return null;
    let real;
    try { real = fs.readlinkSync("/proc/self/fd/" + fd); } catch { real = fs.realpathSync(join(agentDir, file)); }
    const inside = relative(realRoot, real);
    if (inside === "" || inside === ".." || inside.startsWith(".." + sep)) return null;
    const first = inside.split(sep)[0];
    if (first === ".kern" || first === ".git") return null;
    return fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
}
const matches = [];
for (const file of files) {
  let text = null;
  try { text = readConfined(file); } catch { continue; }
  if (text === null) continue;
  const lines = text.split("\\n");
  for (let index = 0; index < lines.length && matches.length < maxMatches; index += 1) {
    if (regex.test(lines[index])) matches.push(file + ":" + (index + 1) + ": " + lines[index]);
  }
  if (matches.length >= maxMatches) break;
}
parentPort.postMessage(matches);
`;

export interface GrepJob {
  agentDir: string;
  /** Paths relative to agentDir, already confined by the caller. */
  files: string[];
  pattern: string;
  flags: string;
  maxMatches: number;
  budgetMs?: number;
  signal?: AbortSignal;
}

/** The matching lines as `file:line: text`; throws KERN_TOOL_FAILED past the budget. */
export function grepInWorker(job: GrepJob): Promise<string[]> {
  const { agentDir, files, pattern, flags, maxMatches } = job;
  const budgetMs = job.budgetMs ?? GREP_BUDGET_MS;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { agentDir, files, pattern, flags, maxMatches },
    });
    let settled = false;
    const settle = (act: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      job.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      act();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new KernError(
              "KERN_TOOL_FAILED",
              `regex took too long; simplify it (over ${budgetMs / 1000} s; avoid nested quantifiers such as (a+)+)`,
            ),
          ),
        ),
      budgetMs,
    );
    const onAbort = () =>
      settle(() => reject(new KernError("KERN_TOOL_FAILED", "grep cancelled with the turn")));
    job.signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (matches: string[]) => settle(() => resolve(matches)));
    worker.once("error", (error) =>
      settle(() => reject(new KernError("KERN_TOOL_FAILED", `grep failed: ${error.message}`))),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new KernError("KERN_TOOL_FAILED", `grep stopped (exit ${code})`))),
    );
  });
}
