import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { type Config, configFileSchema } from "../../config/index.js";
import { FakeClock, type RuntimeEvent } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { readJobsFile, writeJobsFile } from "../../store/index.js";
import { AgentJobs } from "./agent-jobs.js";
import { addJob, recordRunStart, recordRunTurn } from "./job-book.js";
import type { HeldTurn } from "./run-evidence.js";

const START = Date.parse("2026-11-26T12:00:00.000Z");

let dir: { path: string; cleanup: () => void };
beforeEach(() => {
  dir = makeTempDir("kern-agent-jobs-");
});
afterEach(() => dir.cleanup());

function config(folder: string): Config {
  return {
    ...configFileSchema.parse({ heartbeatInterval: "0" }),
    summaryConcurrency: 1,
    agentDir: folder,
    agentName: "test",
    resolvedBaseUrl: null,
    searxngUrl: null,
    home: folder,
    secrets: {
      named: [],
      apiKey: null,
      authToken: null,
      telegramToken: null,
      mcpServers: {},
      lookup: () => null,
    },
  } satisfies Config;
}

/** A jobs file whose one-shot `tea` ran up to queuing turn `turn-1`; then the daemon died. */
function crashedWithRunQueued(file: string): void {
  const schedule = { kind: "at" as const, at: new Date(START + 60_000).toISOString() };
  const job = { name: "tea", prompt: "tea", schedule, to: null, catchUp: "once" as const };
  let document = addJob({ v: 1, jobs: [] }, { ...job, createdBy: "cli" }, { nowMs: START, max: 5 });
  document = recordRunStart(document, { name: "tea", nowMs: START + 60_000, outcome: "started" });
  writeJobsFile(file, recordRunTurn(document, "tea", "turn-1"));
}

describe("AgentJobs across a restart", () => {
  it("records the end of a replayed run's turn even when it ends before the jobs start", () => {
    const file = join(dir.path, "jobs.json");
    crashedWithRunQueued(file);
    const listeners: Array<(event: RuntimeEvent) => void> = [];
    const held: HeldTurn[] = [
      {
        turnId: "turn-1",
        kind: "job",
        envelope: { name: "tea", ts: new Date(START).toISOString() },
      },
    ];
    const enqueued: string[] = [];
    const jobs = new AgentJobs({
      config: config(dir.path),
      jobsFile: file,
      heartbeatFile: join(dir.path, "HEARTBEAT.md"),
      budget: new UnattendedBudget({
        capPerDay: null,
        timezone: "UTC",
        clock: new FakeClock(START + 120_000),
        logger: createSilentLogger(),
        purposes: () => ["job", "heartbeat"],
        tokensSince: () => 0,
      }),
      messages: { newestPersonMessageTs: () => null, range: () => [], nextSeq: () => 0 },
      session: () => "s",
      runtime: {
        enqueue: (request) => {
          enqueued.push(request.envelope.name ?? "");
          return { turnId: `turn-${enqueued.length + 1}` };
        },
        subscribe: (listener) => {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
        pendingTurns: () => held,
      },
      clock: new FakeClock(START + 120_000),
      logger: createSilentLogger(),
    });
    jobs.listen(); // the composition root, before runtime.start()
    // runtime.start() replays turn-1, which ends before the jobs start.
    for (const listener of listeners)
      listener({ type: "turn-end", turnId: "turn-1", text: "done", stopReason: "end" });
    jobs.start();
    try {
      expect(enqueued).toEqual([]); // held by the runtime: not queued again
      // Finished, the one-shot job left the live list; its run is in the history.
      expect(readJobsFile(file).jobs).toEqual([]);
      expect(jobs.overview({ all: true }).runs).toMatchObject([
        { job: "tea", turnId: "turn-1", outcome: "ok" },
      ]);
    } finally {
      jobs.stop();
    }
  });
});
