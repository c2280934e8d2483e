// `kern start|stop|restart` for an agent a service runs: through its manager, so a stop is a stop
// to systemd too (never undone by Restart=) and a start runs in the service, not beside it.
// Each returns null when no service is installed for the folder (the caller goes on as before).
import { agentPaths } from "../../config/index.js";
import { readPidFile } from "../address/index.js";
import { type StartDaemonResult, stopDaemon } from "../lifecycle.js";
import { findAgentService, type InstalledService } from "./find-agent-service.js";
import { serviceControl } from "./service-control.js";
import { type ServiceHost, systemServiceHost } from "./service-host.js";
import { waitForServiceDaemon } from "./wait-for-service-daemon.js";

export interface ServiceLifecycleOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
  host?: ServiceHost;
}

/**
 * The folder's service and its manager's control; null without one, or when the manager cannot
 * be reached from here (an SSH login without a user bus): the plain start/stop still works.
 */
async function serviceOf(options: ServiceLifecycleOptions) {
  const host = options.host ?? systemServiceHost(options.env);
  const service = findAgentService(options.agentDir, host);
  if (!service) return null;
  const control = serviceControl(service.manager, host);
  return (await control.unavailable()) === null ? { service, control } : null;
}

export interface ServiceStartResult extends StartDaemonResult {
  service: InstalledService;
}

/** Starts the agent's service and waits for its daemon's API; null without a service. */
export async function startThroughService(
  options: ServiceLifecycleOptions,
): Promise<ServiceStartResult | null> {
  const found = await serviceOf(options);
  if (!found) return null;
  const running = readPidFile(agentPaths(options.agentDir).pidFile);
  if (running) {
    const url = `http://127.0.0.1:${running.port ?? 0}/`;
    return {
      alreadyRunning: true,
      pid: running.pid,
      port: running.port,
      url,
      service: found.service,
    };
  }
  await found.control.start(found.service.name);
  return {
    alreadyRunning: false,
    ...(await waitUp(options.agentDir, found)),
    service: found.service,
  };
}

/**
 * Stops the agent's service (the manager sends SIGTERM and waits); a daemon started beside it
 * by hand is stopped as `kern stop` always did. Null without a service.
 */
export async function stopThroughService(
  options: ServiceLifecycleOptions,
): Promise<{ wasRunning: boolean; pid: number | null; service: InstalledService } | null> {
  const found = await serviceOf(options);
  if (!found) return null;
  const pidFile = agentPaths(options.agentDir).pidFile;
  const before = readPidFile(pidFile);
  await found.control.stop(found.service.name);
  if (readPidFile(pidFile)) await stopDaemon({ agentDir: options.agentDir });
  return { wasRunning: before !== null, pid: before?.pid ?? null, service: found.service };
}

/** Restarts the agent's service and waits for the new daemon; null without a service. */
export async function restartThroughService(
  options: ServiceLifecycleOptions,
): Promise<ServiceStartResult | null> {
  const found = await serviceOf(options);
  if (!found) return null;
  const pidFile = agentPaths(options.agentDir).pidFile;
  const before = readPidFile(pidFile);
  if (before && (await found.control.state(found.service.name)).pid !== before.pid)
    await stopDaemon({ agentDir: options.agentDir }); // started by hand, beside the service
  await found.control.restart(found.service.name);
  return {
    alreadyRunning: false,
    ...(await waitUp(options.agentDir, found)),
    service: found.service,
  };
}

async function waitUp(
  agentDir: string,
  found: NonNullable<Awaited<ReturnType<typeof serviceOf>>>,
): Promise<Omit<StartDaemonResult, "alreadyRunning">> {
  const up = await waitForServiceDaemon({
    agentDir,
    name: found.service.name,
    control: found.control,
  });
  const port = Number(new URL(up.url).port) || null;
  return { pid: up.pid, port, url: up.url };
}
