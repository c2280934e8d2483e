// Issue 50, must show 1, the live half: on a machine with a user systemd manager
// (`systemctl --user` works: a desktop or a server session, not a container), the installed
// service brings the daemon back after a kill -9 of it. Not in `npm test` — CI has no such
// manager — but `npm run test:system`, which fails (never skips) where there is none.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { isAlive } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";
import { waitUntil } from "../support/test-daemon.js";

const temp = makeTempDir("kern-service-live-");
const dir = join(temp.path, "agent one");

beforeAll(async () => {
  const init = await kernProcess(["init", dir, "--yes", "--name", "Agent One"]);
  expect(init.code, init.stderr).toBe(0);
}, 60_000);
afterAll(() => temp.cleanup());

/** Why this machine has no user systemd manager, or null when it has one. */
function noUserSystemd(): string | null {
  const probe = spawnSync("systemctl", ["--user", "show-environment"], { encoding: "utf8" });
  if (probe.status === 0) return null;
  return (probe.stderr || probe.error?.message || "systemctl --user failed").trim();
}

describe("with a user systemd manager", () => {
  it("has one here", () => {
    expect(noUserSystemd(), "run this suite where 'systemctl --user' works").toBeNull();
  });

  it("the installed service comes back after kill -9 of the daemon", async () => {
    // The real user manager reads the real unit folder: the unit goes there, and is removed.
    const install = await kernProcess(["service", "install", dir, "--json"]);
    expect(install.code, install.stderr).toBe(0);
    try {
      const first = (JSON.parse(install.stdout) as { pid: number }).pid;
      process.kill(first, "SIGKILL");
      await waitUntil(() => !isAlive(first), "the daemon to die", 10_000);
      const pidFile = join(dir, ".kern", "daemon.pid");
      const second = await waitUntil(
        () => {
          if (!existsSync(pidFile)) return false;
          const pid = (JSON.parse(readFileSync(pidFile, "utf8")) as { pid: number }).pid;
          return pid !== first && isAlive(pid) ? pid : false;
        },
        "systemd to start the daemon again",
        60_000,
      );
      const status = await kernProcess(["status", dir, "--json"]);
      expect(JSON.parse(status.stdout)).toMatchObject({ running: true, pid: second });
      const stop = await kernProcess(["stop", dir]);
      expect(stop.code, stop.stderr).toBe(0);
      expect(isAlive(second)).toBe(false);
    } finally {
      await kernProcess(["service", "uninstall", dir]);
    }
  }, 120_000);
});
