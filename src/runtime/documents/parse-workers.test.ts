import { describe, expect, it } from "vitest";
import { ParseWorkers } from "./parse-workers.js";

const BUDGET = { timeMs: 20_000, heapMb: 64 };

/** A worker that posts `{ type: "started" }`, then runs `body`. */
function source(body: string): string {
  return `const { parentPort, workerData } = require("node:worker_threads");
parentPort.postMessage({ type: "started" });
${body}`;
}

describe("ParseWorkers", () => {
  it("passes the worker's messages on and ends when it says end", async () => {
    const seen: unknown[] = [];
    const end = await new ParseWorkers().run({
      source: source(`parentPort.postMessage({ type: "page", n: workerData.n });
parentPort.postMessage({ type: "end" });`),
      workerData: { n: 7 },
      budget: BUDGET,
      onMessage: (message) => seen.push(message),
    });
    expect(end).toEqual({ kind: "end" });
    expect(seen).toEqual([{ type: "started" }, { type: "page", n: 7 }]);
  });

  it("ends a worker that runs past its time", async () => {
    const startedAt = Date.now();
    const end = await new ParseWorkers().run({
      source: source("for (;;) {}"),
      workerData: null,
      budget: { ...BUDGET, timeMs: 300 },
      onMessage: () => undefined,
    });
    expect(end).toEqual({ kind: "limit", limit: "time" });
    // Unstopped it never ends; the bound leaves the 300 ms budget a 30x margin.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it("ends a worker whose heap passes its limit, and one that fills memory outside the heap", async () => {
    const workers = new ParseWorkers();
    const heap = await workers.run({
      source: source("const kept = []; for (;;) kept.push({ a: Math.random(), b: [1, 2, 3] });"),
      workerData: null,
      budget: { ...BUDGET, heapMb: 32 },
      onMessage: () => undefined,
    });
    expect(heap).toEqual({ kind: "limit", limit: "memory" });
    // ArrayBuffers are not in the heap limit: the RSS watch ends it (written, so RSS grows).
    const buffers = await workers.run({
      source: source(
        "const kept = []; const grow = () => { kept.push(Buffer.alloc(16 * 1024 * 1024, 1)); setImmediate(grow); }; grow();",
      ),
      workerData: null,
      budget: BUDGET,
      onMessage: () => undefined,
    });
    expect(buffers).toEqual({ kind: "limit", limit: "memory" });
  });

  it("reports a worker that throws as failed", async () => {
    const end = await new ParseWorkers().run({
      source: source('throw new Error("broken parser");'),
      workerData: null,
      budget: BUDGET,
      onMessage: () => undefined,
    });
    expect(end).toMatchObject({ kind: "failed", message: expect.stringContaining("broken") });
  });

  it("runs two at a time; stop ends running and waiting jobs alike", async () => {
    const workers = new ParseWorkers();
    const started: number[] = [];
    const jobs = [0, 1, 2].map((index) =>
      workers.run({
        source: source("setInterval(() => undefined, 1000);"),
        workerData: null,
        budget: BUDGET,
        onMessage: () => started.push(index),
      }),
    );
    await expect.poll(() => started.length).toBe(2);
    workers.stop();
    expect(await Promise.all(jobs)).toEqual([
      { kind: "cancelled" },
      { kind: "cancelled" },
      { kind: "cancelled" },
    ]);
    expect(started.sort()).toEqual([0, 1]);
  });

  it("ends a job when its signal aborts, waiting or running", async () => {
    const workers = new ParseWorkers();
    const controller = new AbortController();
    const job = () =>
      workers.run({
        source: source("setInterval(() => undefined, 1000);"),
        workerData: null,
        budget: BUDGET,
        signal: controller.signal,
        onMessage: () => undefined,
      });
    const running = [job(), job(), job()];
    setTimeout(() => controller.abort(), 100);
    expect(await Promise.all(running)).toEqual([
      { kind: "cancelled" },
      { kind: "cancelled" },
      { kind: "cancelled" },
    ]);
  });
});
