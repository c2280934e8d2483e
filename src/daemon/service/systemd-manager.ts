// The user's systemd manager through `systemctl --user` and `loginctl` (docs/operations.md).
// Every command's failure becomes a DaemonError naming what systemd said and what to do.
import { DaemonError } from "../../kernel/index.js";
import { firstLine, type ServiceHost } from "./service-host.js";

export interface ServiceState {
  /** The manager knows the service (its file is loaded). */
  loaded: boolean;
  /** Starts at boot or login. */
  enabled: boolean;
  /** Its daemon runs (or is starting). */
  active: boolean;
  /** The manager's own word: `active (running)`, `inactive (dead)`, `failed`, `running`… */
  state: string;
  pid: number | null;
  /** Restarts the manager made after failures, where it counts them. */
  restarts: number | null;
}

/** What kern asks of a service manager; systemd and launchd both answer it. */
export interface ServiceControl {
  /** Null when the manager can be used here, else why not (for the error message). */
  unavailable(): Promise<string | null>;
  /** Loads the freshly written file, enables and starts the service. */
  enable(name: string, file: string): Promise<void>;
  /** Stops and disables the service (its file is removed by the caller after). */
  disable(name: string, file: string): Promise<void>;
  /** Re-reads the service files after one was removed. */
  reload(): Promise<void>;
  state(name: string): Promise<ServiceState>;
  start(name: string): Promise<void>;
  stop(name: string): Promise<void>;
  restart(name: string): Promise<void>;
  /** Whether the user's services run without a login session (systemd's lingering); null = n/a. */
  lingering(): Promise<boolean | null>;
}

export function systemdControl(host: ServiceHost): ServiceControl {
  const systemctl = (...args: string[]) => host.run("systemctl", ["--user", ...args]);
  const unit = (name: string) => `${name}.service`;
  /** Runs `systemctl --user ARGS`; a failure names the unit's journal when there is one. */
  const must = async (args: string[], name: string | null) => {
    const done = await systemctl(...args);
    if (done.code === 0) return;
    const journal = name ? `; see 'journalctl --user -u ${unit(name)}'` : "";
    throw new DaemonError(
      "KERN_SERVICE_FAILED",
      `systemctl --user ${args.join(" ")} failed: ${firstLine(done)}${journal}`,
    );
  };
  return {
    async unavailable() {
      const probe = await systemctl("show-environment");
      return probe.code === 0 ? null : `systemctl --user: ${firstLine(probe)}`;
    },
    async enable(name) {
      await must(["daemon-reload"], null);
      await must(["enable", "--now", unit(name)], name);
    },
    disable: (name) => must(["disable", "--now", unit(name)], name),
    reload: () => must(["daemon-reload"], null),
    async state(name) {
      const shown = await systemctl(
        "show",
        unit(name),
        "--property=LoadState,ActiveState,SubState,UnitFileState,MainPID,NRestarts",
      );
      return parseSystemdShow(shown.code === 0 ? shown.stdout : "");
    },
    start: (name) => must(["start", unit(name)], name),
    stop: (name) => must(["stop", unit(name)], name),
    restart: (name) => must(["restart", unit(name)], name),
    async lingering() {
      const shown = await host.run("loginctl", [
        "show-user",
        host.user,
        "--property=Linger",
        "--value",
      ]);
      if (shown.code !== 0) return null;
      return shown.stdout.trim() === "yes";
    },
  };
}

/** `systemctl show --property=…` lines (`Key=value`) as a ServiceState. */
export function parseSystemdShow(text: string): ServiceState {
  const values = new Map(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).trim()]),
  );
  const active = values.get("ActiveState") ?? "unknown";
  const pid = Number(values.get("MainPID") ?? "0");
  const restarts = values.get("NRestarts");
  return {
    loaded: values.get("LoadState") === "loaded",
    enabled: values.get("UnitFileState") === "enabled",
    active: active === "active" || active === "activating" || active === "reloading",
    state: values.has("SubState") ? `${active} (${values.get("SubState")})` : active,
    pid: Number.isInteger(pid) && pid > 0 ? pid : null,
    restarts: restarts === undefined || restarts === "" ? null : Number(restarts),
  };
}
