import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { type Config, configFileSchema } from "../../config/index.js";
import { FakeClock, type ScheduledAction } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { readJobsFile } from "../../store/index.js";
import { AgentJobs, type JobActionRunner } from "./agent-jobs.js";

const START = Date.parse("2026-11-26T12:00:00.000Z");
const BACKUP: ScheduledAction = { kind: "backup", folder: "/backups", keep: 3, withSecrets: false };

let dir: { path: string; cleanup: () => void };
beforeEach(() => {
  dir = makeTempDir("kern-job-action-");
});
afterEach(() => dir.cleanup());

/** Jobs over a runtime that records what is queued, with the day's budget spent already. */
async function jobsWith(runner: JobActionRunner | undefined) {
  const enqueued: string[] = [];
  const config: Config = {
    ...configFileSchema.parse({ heartbeatInterval: "0", unattendedTokensPerDay: 100 }),
    summaryConcurrency: 1,
    agentDir: dir.path,
    agentName: "test",
    resolvedBaseUrl: null,
    searxngUrl: null,
    home: dir.path,
    secrets: {
      named: [],
      apiKey: null,
      authToken: null,
      telegramToken: null,
      mcpServers: {},
      lookup: () => null,
    },
  };
  const jobs = new AgentJobs({
    config,
    jobsFile: join(dir.path, "jobs.json"),
    heartbeatFile: join(dir.path, "HEARTBEAT.md"),
    budget: new UnattendedBudget({
      capPerDay: 100,
      timezone: "UTC",
      clock: new FakeClock(START),
      logger: createSilentLogger(),
      purposes: () => ["job", "heartbeat"],
      tokensSince: () => 1_000, // past the cap of 100
    }),
    messages: { newestPersonMessageTs: () => null, range: () => [], nextSeq: () => 0 },
    session: () => "s",
    runtime: {
      enqueue: (request) => {
        enqueued.push(request.envelope.text);
        return { turnId: `turn-${enqueued.length}` };
      },
      subscribe: () => () => undefined,
      pendingTurns: () => [],
    },
    clock: new FakeClock(START),
    logger: createSilentLogger(),
    ...(runner ? { actions: runner } : {}),
  });
  jobs.start();
  await jobs.add({
    name: "nightly",
    prompt: "(backup)",
    every: "1d",
    createdBy: "cli",
    action: BACKUP,
  });
  return {
    jobs,
    enqueued,
    lastRun: () => readJobsFile(join(dir.path, "jobs.json")).jobs[0]?.lastRun,
  };
}

describe("a job whose run is an action", () => {
  it("runs the action, not a turn, past a spent budget, and records ok with no tokens", async () => {
    const ran: ScheduledAction[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const { jobs, enqueued, lastRun } = await jobsWith({
      run: async (action) => {
        ran.push(action);
        setImmediate(done);
      },
    });
    try {
      expect(jobs.runNow("nightly").turnId).toMatch(/^run_/);
      await finished;
      expect(ran).toEqual([BACKUP]);
      expect(enqueued).toEqual([]);
      expect(lastRun()).toMatchObject({ outcome: "ok", tokens: 0 });
    } finally {
      jobs.stop();
    }
  });

  it("records a failed action as an error", async () => {
    let failed!: () => void;
    const settled = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const { jobs, lastRun } = await jobsWith({
      run: async () => {
        setImmediate(failed);
        throw new Error("disk full");
      },
    });
    try {
      jobs.runNow("nightly");
      await settled;
      expect(lastRun()).toMatchObject({ outcome: "error", tokens: 0 });
    } finally {
      jobs.stop();
    }
  });
});
