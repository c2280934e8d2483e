// A SIGTERM that reaches `kern run` as soon as its pid file appears stops it cleanly: the pid
// file goes with it. (The bench's CLI timing sends exactly that; before the signal handlers came
// first, one such run died in the default SIGTERM action and left a stale pid file behind.)
// The window was narrow, so this catches a regression only some of the time; it always checks
// that a stop right after start leaves nothing behind.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KERN_MAIN, KERN_NODE } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";

const ROUNDS = 3;

async function runAndStopAtOnce(dir: string): Promise<number | null> {
  const pidFile = join(dir, ".kern", "daemon.pid");
  const child = spawn(KERN_NODE, [KERN_MAIN, "run", dir], { stdio: "ignore" });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (!existsSync(pidFile) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  child.kill("SIGTERM");
  return exited;
}

describe("kern run stopped right after it starts", () => {
  const agent = useProcessAgent("kern-sigterm-");

  it("leaves no pid file behind, round after round", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const code = await runAndStopAtOnce(agent.dir);
      expect(code, `round ${round}: exit code`).toBe(0);
      expect(existsSync(join(agent.dir, ".kern", "daemon.pid")), `round ${round}`).toBe(false);
    }
  }, 180_000);
});
