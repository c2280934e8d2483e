import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";

describe("one daemon per folder (issue 18, hole 2)", () => {
  const agent = useProcessAgent("kern-lock-");
  const dir = agent.dir;

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
