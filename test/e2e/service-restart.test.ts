// `/restart` under a service: the daemon does not respawn itself beside the unit (systemd would
// kill a child left in its cgroup, and the unit would count a clean exit as a stop); it exits with
// code 75, which the unit's RestartForceExitStatus (launchd: KeepAlive) restarts.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { readPidFile } from "../../src/daemon/index.js";
import { KERN_MAIN, KERN_NODE } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { waitUntil } from "../support/test-daemon.js";

describe("/restart under a service", () => {
  const agent = useProcessAgent("kern-service-restart-");

  it("exits with code 75 and starts no daemon of its own", async () => {
    const child = spawn(KERN_NODE, [KERN_MAIN, "run", agent.dir], {
      env: { ...process.env, KERN_SERVICE: "kern-test-000000.service" },
      stdio: "ignore",
    });
    const exited = once(child, "exit");
    const pidFile = join(agent.dir, ".kern", "daemon.pid");
    await waitUntil(() => existsSync(pidFile), "the daemon's pid file", 30_000);
    const record = readPidFile(pidFile);
    const token = (await readEnvFile(join(agent.dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const client = createDaemonClient({ baseUrl: `http://127.0.0.1:${record?.port}/`, token });
    await client.sendMessage({ text: "/restart" });
    const [code] = await exited;
    expect(code).toBe(75);
    // A daemon respawned by the old path would have written its pid file before this one exited.
    expect(existsSync(pidFile)).toBe(false);
  }, 60_000);
});
