// Hole 7 of issue 18: a stale pid file whose pid the OS gave to an unrelated process. `start`
// must start (not say "already running") and `stop` must never signal the unrelated process.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";

describe("stale pid file with a reused pid (issue 18, hole 7)", () => {
  const agent = useProcessAgent("kern-stale-pid-");
  const dir = agent.dir;
  let sleeper: ChildProcess;
  beforeAll(() => {
    sleeper = spawn("sleep", ["60"], { stdio: "ignore" });
  });
  afterAll(() => {
    sleeper.kill("SIGKILL");
  });

  it("starts past the stale file and stops the daemon without touching the sleeper", async () => {
    const sleeperPid = sleeper.pid ?? -1;
    const pidFile = join(dir, ".kern", "daemon.pid");
    // A daemon that died long ago; the OS has since given its pid to `sleep`.
    const stale = { pid: sleeperPid, port: 1, startedAt: "2026-01-01T00:00:00.000Z" };
    writeFileSync(pidFile, JSON.stringify({ ...stale, procStart: "1" }));
    const stoppedStale = await kernProcess(["stop", dir]);
    expect(stoppedStale.stdout).toContain("not running");
    expect(isAlive(sleeperPid)).toBe(true);

    writeFileSync(pidFile, JSON.stringify(stale)); // an older file without a start time
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).not.toContain("already running");
    const pid = Number(/pid (\d+)/.exec(started.stdout)?.[1]);
    expect(pid).not.toBe(sleeperPid);
    const status = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      pid: number;
    };
    expect(status.pid).toBe(pid);

    const stopped = await kernProcess(["stop", dir]);
    expect(stopped.stdout).toContain("stopped the daemon");
    expect(isAlive(sleeperPid)).toBe(true);
  }, 180_000);
});
