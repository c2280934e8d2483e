// Issue 33 item 6 (the stop half of Must-show 6): with its pid file deleted, the daemon is still
// found — it is the `kern run` process holding .kern/daemon.lock open — and `kern stop` stops it.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { waitUntil } from "../support/test-daemon.js";

describe("kern stop without the pid file (issue 33 item 6)", () => {
  const agent = useProcessAgent("kern-stop-no-pid-");
  const dir = agent.dir;

  it("finds the daemon by its lock and stops it", async () => {
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    const pidFile = join(dir, ".kern", "daemon.pid");
    const pid = (JSON.parse(readFileSync(pidFile, "utf8")) as { pid: number }).pid;
    rmSync(pidFile);

    // Must-show 6: the writers that must not run beside a daemon are refused without its pid file.
    const sessions = join(dir, ".kern", "sessions");
    const before = readdirSync(sessions).sort();
    for (const args of [
      ["reindex", dir],
      ["doctor", dir, "--fix"],
      ["session", "new", dir],
    ]) {
      const refused = await kernProcess(args);
      expect(refused.code, `${args.join(" ")}: ${refused.stdout}${refused.stderr}`).toBe(1);
      expect(refused.stderr).toContain("kern stop");
    }
    expect(readdirSync(sessions).sort()).toEqual(before);
    expect(isAlive(pid)).toBe(true);

    const stopped = await kernProcess(["stop", dir]);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain(`stopped the daemon (pid ${pid})`);
    await waitUntil(() => !isAlive(pid), "the daemon to exit", 20_000);
    // Nothing left to stop, and the folder starts again.
    expect((await kernProcess(["stop", dir])).stdout).toContain("not running");
    const again = await kernProcess(["start", dir]);
    expect(again.code, again.stderr).toBe(0);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
  }, 120_000);
});
