// Hole 7 of issue 18: a stale pid file whose pid the OS gave to an unrelated process. `start`
// must start (not say "already running") and `stop` must never signal the unrelated process.
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";
import { answerBackgroundCalls } from "../support/test-daemon.js";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("stale pid file with a reused pid (issue 18, hole 7)", () => {
  const temp = makeTempDir("kern-stale-pid-");
  const dir = join(temp.path, "agent");
  let llm: FakeLlm;
  let sleeper: ChildProcess;
  beforeAll(async () => {
    llm = await startFakeLlm();
    answerBackgroundCalls(llm, "- (summary)", { fallback: true });
    const init = await kernProcess([
      "init",
      dir,
      "--provider",
      "openai-compatible",
      "--model",
      "fake-model",
      "--base-url",
      llm.baseUrl,
    ]);
    expect(init.code, init.stderr).toBe(0);
    sleeper = spawn("sleep", ["60"], { stdio: "ignore" });
  }, 60_000);
  afterAll(async () => {
    await kernProcess(["stop", dir]);
    sleeper.kill("SIGKILL");
    await llm.close();
    temp.cleanup();
  }, 60_000);

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
