import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import {
  AUTH,
  errorCode,
  startTestServer,
  type TestServer,
} from "../../../test/support/web-test-server.js";
import { type Config, configFileSchema } from "../../config/index.js";
import { FakeClock, type RuntimeEvent } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { readJobsFile } from "../../store/index.js";
import { AgentJobs } from "./agent-jobs.js";
import { jobsRoutes } from "./jobs-routes.js";

let current: TestServer<FakeRuntime> | null = null;
let dir: { path: string; cleanup: () => void } | null = null;
afterEach(async () => {
  await current?.dispose();
  dir?.cleanup();
  current = null;
});

function makeJobs(folder: string) {
  const config = {
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
  const queued: string[] = [];
  const listeners: Array<(event: RuntimeEvent) => void> = [];
  const jobs = new AgentJobs({
    config,
    jobsFile: join(folder, "jobs.json"),
    heartbeatFile: join(folder, "HEARTBEAT.md"),
    messages: { newestPersonMessageTs: () => null, range: () => [], nextSeq: () => 0 },
    session: () => "s",
    runtime: {
      enqueue: (request) => {
        queued.push(request.envelope.name ?? "");
        return { turnId: `turn-${queued.length}` };
      },
      subscribe: (listener: (event: RuntimeEvent) => void) => {
        listeners.push(listener);
        return () => {};
      },
      pendingTurns: () => [],
    },
    budget: new UnattendedBudget({
      capPerDay: null,
      timezone: "UTC",
      clock: new FakeClock(),
      logger: createSilentLogger(),
      purposes: () => ["job", "heartbeat"],
      tokensSince: () => 0,
    }),
    clock: new FakeClock(),
    logger: createSilentLogger(),
  });
  jobs.start();
  /** Ends a queued run's turn, as the runtime would. */
  const endTurn = (turnId: string, stopReason: "end" | "cancelled") => {
    const usage = { inputTokens: 90, outputTokens: 10 };
    for (const listener of listeners)
      listener({ type: "turn-end", turnId, text: "done", stopReason, usage, kind: "job" });
  };
  return { jobs, queued, endTurn };
}

/** A web server over a fake runtime whose registries hold the jobs plugin's routes. */
function serveJobs(jobs: AgentJobs): TestServer<FakeRuntime> {
  const runtime = new FakeRuntime();
  runtime.registries.addRoutes("jobs", "", jobsRoutes(jobs));
  return startTestServer({ runtime });
}

describe("the jobs routes", () => {
  it("add, list, pause, run and remove a job, kept in the jobs file", async () => {
    dir = makeTempDir("kern-job-routes-");
    const { jobs, queued } = makeJobs(dir.path);
    current = serveJobs(jobs);
    const call = (method: "GET" | "POST", url: string, payload?: object) =>
      current!.server.inject({ method, url, headers: AUTH, ...(payload ? { payload } : {}) });

    const added = await call("POST", "/jobs", { name: "tea", prompt: "tea time", in: "20m" });
    expect(added.statusCode).toBe(200);
    expect(JSON.parse(added.body)).toMatchObject({ name: "tea", createdBy: "web", to: "session" });
    const paused = await call("POST", "/jobs/tea/pause");
    expect(JSON.parse(paused.body).job.paused).toBe(true);
    const run = await call("POST", "/jobs/tea/run");
    expect(JSON.parse(run.body).turnId).toBe("turn-1");
    expect(queued).toEqual(["tea"]);
    const list = JSON.parse((await call("GET", "/jobs")).body);
    expect(list.jobs[0]).toMatchObject({ name: "tea", paused: true, runs: 1 });
    expect(list.unattended).toEqual({ spentToday: 0, capPerDay: null, notice: null });
    expect(readJobsFile(join(dir.path, "jobs.json")).jobs).toHaveLength(1);
    expect((await call("POST", "/jobs/tea/remove")).statusCode).toBe(200);
    expect(readJobsFile(join(dir.path, "jobs.json")).jobs).toHaveLength(0);
    jobs.stop();
  });

  it("lists the run history newest first, limited, behind the token", async () => {
    dir = makeTempDir("kern-job-routes-");
    const { jobs, endTurn } = makeJobs(dir.path);
    current = serveJobs(jobs);
    const get = (url: string, headers: Record<string, string> = AUTH) =>
      current!.server.inject({ method: "GET", url, headers });
    for (const name of ["tea", "nap"])
      await current.server.inject({
        method: "POST",
        url: "/jobs",
        headers: AUTH,
        payload: { name, prompt: `${name} time`, in: "20m" },
      });
    const empty = JSON.parse((await get("/jobs/runs")).body);
    expect(empty).toEqual({ runs: [], total: 0, timezone: expect.any(String) });
    jobs.runNow("tea");
    endTurn("turn-1", "end");
    jobs.runNow("nap");
    endTurn("turn-2", "cancelled");

    const all = JSON.parse((await get("/jobs/runs")).body);
    expect(all.total).toBe(2);
    expect(all.runs).toMatchObject([
      { job: "nap", outcome: "cancelled", tokens: 100, turnId: "turn-2" },
      { job: "tea", outcome: "ok", tokens: 100, turnId: "turn-1" },
    ]);
    const newest = JSON.parse((await get("/jobs/runs?limit=1")).body);
    expect(newest.runs.map((run: { job: string }) => run.job)).toEqual(["nap"]);
    expect(newest.total).toBe(2);
    const bad = await get("/jobs/runs?limit=0");
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad.body)).toBe("KERN_BAD_REQUEST");
    expect((await get("/jobs/runs", {})).statusCode).toBe(401);
    jobs.stop();
  });

  it("answers with the job error codes", async () => {
    dir = makeTempDir("kern-job-routes-");
    const { jobs } = makeJobs(dir.path);
    current = serveJobs(jobs);
    const missing = await current.server.inject({
      method: "POST",
      url: "/jobs/nope/pause",
      headers: AUTH,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing.body)).toBe("KERN_JOB_NOT_FOUND");
    const bad = await current.server.inject({
      method: "POST",
      url: "/jobs",
      headers: AUTH,
      payload: { name: "x", prompt: "p", every: "5s" },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad.body)).toBe("KERN_USAGE");
    jobs.stop();
  });

  it("are not found on a daemon without the jobs plugin", async () => {
    current = startTestServer();
    const response = await current.server.inject({ method: "GET", url: "/jobs", headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response.body)).toBe("KERN_NOT_FOUND");
  });
});
