// The start-up check of kern.db (issue 33 item 7: damage where the open path never reads still
// stops the start) off the main thread (issue 32): SQLite's quick_check reads every page, about
// 0.4 s at 20k messages and tens of seconds at a million, so the daemon runs it in a worker thread
// beside its own start and waits only a bounded time for it (daemon/index-check-at-start.ts). A
// worker, not a child process: it ends with the daemon.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { indexDamagedError, isIndexDamage } from "./index-damage.js";

// Plain JavaScript (eval'd), so it runs the same from src/ under tsx, from dist/ and the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.path, { fileMustExist: true, timeout: 5000 });
  const rows = db.pragma("quick_check(5)");
  parentPort.postMessage({ problems: rows.map((row) => row.quick_check).filter((text) => text !== "ok") });
} catch (error) {
  parentPort.postMessage({ error: { message: String(error && error.message), code: error && error.code } });
} finally {
  if (db) db.close();
}
`;

interface WorkerAnswer {
  problems?: string[];
  error?: { message: string; code?: string };
}

/**
 * Resolves when `path` passes quick_check (or does not exist); rejects with KERN_INDEX_DAMAGED
 * when it fails, or with the driver's error for anything else (a locked file).
 */
export function checkIndexFileInWorker(path: string): Promise<void> {
  if (!existsSync(path)) return Promise.resolve();
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path } });
    worker.once("message", (answer: WorkerAnswer) => {
      if (answer.error) {
        const error = Object.assign(new Error(answer.error.message), { code: answer.error.code });
        reject(isIndexDamage(error) ? indexDamagedError(path, error) : error);
      } else if (answer.problems && answer.problems.length > 0) {
        const detail = `quick_check: ${answer.problems.join("; ").slice(0, 300)}`;
        reject(indexDamagedError(path, new Error(detail)));
      } else resolve();
    });
    worker.unref(); // a daemon that stops meanwhile does not wait for the check
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the index check's worker exited with code ${code}`));
    });
  });
}
