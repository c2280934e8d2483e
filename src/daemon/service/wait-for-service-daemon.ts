// After a service manager started the agent: its daemon's pid file, then its API answering.
// A service that failed meanwhile is reported with the manager's own state.
import { agentPaths, readEnvFile } from "../../config/index.js";
import { DaemonError } from "../../kernel/index.js";
import { readPidFile } from "../address/index.js";
import { waitForApi } from "../lifecycle.js";
import type { ServiceControl } from "./systemd-manager.js";

/** How long a service's daemon has to answer: a start that reindexes may take a while. */
const START_TIMEOUT_MS = 30_000;

export async function waitForServiceDaemon(options: {
  agentDir: string;
  name: string;
  control: ServiceControl;
  timeoutMs?: number;
}): Promise<{ pid: number; url: string }> {
  const paths = agentPaths(options.agentDir);
  const timeoutMs = options.timeoutMs ?? START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (let round = 1; Date.now() < deadline; round++) {
    const record = readPidFile(paths.pidFile);
    if (record) {
      const url = `http://127.0.0.1:${record.port ?? 0}/`;
      const token = (await readEnvFile(paths.envFile))["KERN_AUTH_TOKEN"] ?? "";
      await waitForApi(url, token, Math.max(1000, deadline - Date.now()));
      return { pid: record.pid, url };
    }
    // Every second, ask the manager: a daemon that failed to start will not write its pid file.
    if (round % 10 === 0) {
      const state = await options.control.state(options.name);
      if (!state.active) throw failedToStart(options.name, state.state);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const state = await options.control.state(options.name);
  throw failedToStart(options.name, state.state);
}

function failedToStart(name: string, state: string): DaemonError {
  return new DaemonError(
    "KERN_DAEMON_START_FAILED",
    `the service ${name} did not bring the daemon up (${state}); see 'kern service status' and .kern/logs/kern.log`,
  );
}
