// `kern service install|uninstall|status`: writes the agent's unit (or plist), enables and starts
// it, and says when lingering is off; removes it; reports it. docs/operations.md.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { agentPaths, assertAgentFolder, loadConfig } from "../../config/index.js";
import { DaemonError, UsageError } from "../../kernel/index.js";
import { readPidFile } from "../address/index.js";
import { stopDaemon } from "../lifecycle.js";
import { findAgentService, type InstalledService } from "./find-agent-service.js";
import { renderLaunchdPlist } from "./launchd-plist.js";
import { serviceControl } from "./service-control.js";
import { type ServiceHost, systemServiceHost } from "./service-host.js";
import {
  type ServiceManager,
  type ServiceSpec,
  serviceFileName,
  serviceNameFor,
} from "./service-spec.js";
import { renderSystemdUnit } from "./systemd-unit.js";
import { waitForServiceDaemon } from "./wait-for-service-daemon.js";

export interface ServiceOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
  /** The machine; default this one. */
  host?: ServiceHost;
}

export interface InstallServiceOptions extends ServiceOptions {
  /** argv that runs this kern (node, flags, the CLI). */
  command: readonly string[];
  /** Default: systemd on Linux, launchd on macOS. */
  manager?: ServiceManager;
  /** Only render the unit (nothing written, nothing run). */
  dryRun?: boolean;
}

export interface InstallServiceResult {
  manager: ServiceManager;
  name: string;
  file: string;
  /** The unit file's or plist's text. */
  text: string;
  dryRun: boolean;
  /** The pid of a daemon that ran before (by hand, or an older unit), stopped so the unit runs it. */
  stoppedPid: number | null;
  /** The service's daemon, once it answers; null on a dry run. */
  pid: number | null;
  url: string | null;
  /** False: the service stops at logout and waits for a login after a reboot. */
  lingering: boolean | null;
}

/** The service spec and definition text for the agent, without touching the machine. */
export async function planService(options: InstallServiceOptions) {
  await assertAgentFolder(options.agentDir);
  const host = options.host ?? systemServiceHost(options.env);
  const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  const manager = options.manager ?? defaultManager(host.platform);
  const agentDir = agentPaths(options.agentDir).agentDir;
  const spec: ServiceSpec = {
    manager,
    name: serviceNameFor(config.agentName, agentDir),
    agentName: config.agentName,
    agentDir,
    command: options.command,
    path: options.env["PATH"] || "/usr/local/bin:/usr/bin:/bin",
  };
  const folder = manager === "systemd" ? host.folders.systemdUnits : host.folders.launchAgents;
  const text = manager === "systemd" ? renderSystemdUnit(spec) : renderLaunchdPlist(spec);
  return { host, spec, text, file: join(folder, serviceFileName(spec)) };
}

export async function installService(
  options: InstallServiceOptions,
): Promise<InstallServiceResult> {
  const { host, spec, text, file } = await planService(options);
  const base = { manager: spec.manager, name: spec.name, file, text };
  if (options.dryRun)
    return { ...base, dryRun: true, stoppedPid: null, pid: null, url: null, lingering: null };
  const control = serviceControl(spec.manager, host);
  const reason = await control.unavailable();
  if (reason) throw unavailableError(spec.manager, reason);
  const previous = findAgentService(spec.agentDir, host);
  if (previous && previous.file !== file) await removeService(previous, host);
  // Installed before: stopped by its manager, so the new unit starts afresh (not loaded: none).
  else if (previous) await control.stop(previous.name).catch(() => undefined);
  // A daemon started by hand holds the folder's lock: the service's would fail and retry.
  const paths = agentPaths(spec.agentDir);
  const running = readPidFile(paths.pidFile);
  if (running) await stopDaemon({ agentDir: spec.agentDir });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o644 });
  await control.enable(spec.name, file);
  const up = await waitForServiceDaemon({ agentDir: spec.agentDir, name: spec.name, control });
  return {
    ...base,
    dryRun: false,
    stoppedPid: running?.pid ?? null,
    pid: up.pid,
    url: up.url,
    lingering: await control.lingering(),
  };
}

export async function uninstallService(
  options: ServiceOptions,
): Promise<{ removed: InstalledService | null }> {
  await assertAgentFolder(options.agentDir);
  const host = options.host ?? systemServiceHost(options.env);
  const found = findAgentService(options.agentDir, host);
  if (found) await removeService(found, host);
  return { removed: found };
}

async function removeService(service: InstalledService, host: ServiceHost): Promise<void> {
  const control = serviceControl(service.manager, host);
  await control.disable(service.name, service.file);
  rmSync(service.file, { force: true });
  await control.reload();
}

function defaultManager(platform: NodeJS.Platform): ServiceManager {
  if (platform === "linux") return "systemd";
  if (platform === "darwin") return "launchd";
  throw new UsageError(
    `kern service knows systemd (Linux) and launchd (macOS), not ${platform}; run the daemon with 'kern start' instead`,
  );
}

function unavailableError(manager: ServiceManager, reason: string): DaemonError {
  const hint =
    manager === "systemd"
      ? "no user systemd manager runs for this login (a container, or a session without one).\n  Run 'kern start' instead, or print the unit with --dry-run and install it where one runs"
      : "launchd cannot be reached for this user; run 'kern start' instead";
  return new DaemonError("KERN_SERVICE_UNAVAILABLE", `${reason}:\n  ${hint}`);
}
