// Hole 2 of issue 18: a second daemon on one folder (`kern run` with another port) must refuse,
// not serve beside the first one and write the same log. Real processes, real files.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";
import { answerBackgroundCalls } from "../support/test-daemon.js";

describe("one daemon per folder (issue 18, hole 2)", () => {
  const temp = makeTempDir("kern-lock-");
  const dir = join(temp.path, "agent");
  let llm: FakeLlm;
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
  }, 60_000);
  afterAll(async () => {
    await kernProcess(["stop", dir]);
    await llm.close();
    temp.cleanup();
  }, 60_000);

  it("refuses a second `kern run` on another port with a clear error, and the first keeps serving", async () => {
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    const before = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      pid: number;
    };
    const started2 = Date.now();
    const second = await kernProcess(["run", dir], { KERN_PORT: "0" });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("another daemon already runs");
    expect(second.stderr).toContain("kern stop");
    expect(Date.now() - started2).toBeLessThan(50_000);
    const after = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as {
      running: boolean;
      pid: number;
    };
    expect(after).toMatchObject({ running: true, pid: before.pid });

    // kill -9 releases the lock: the next start works without any cleanup.
    process.kill(before.pid, "SIGKILL");
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      try {
        process.kill(before.pid, 0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } catch {
        break;
      }
    }
    const restarted = await kernProcess(["start", dir]);
    expect(restarted.code, restarted.stderr).toBe(0);
  }, 180_000);
});
