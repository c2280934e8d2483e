// The user's launchd domain (`gui/UID`) through `launchctl` (macOS; docs/operations.md). Not run
// on this project's Linux machines: its plist is tested as text, these commands follow launchctl(1).
import { DaemonError } from "../../kernel/index.js";
import { firstLine, type ServiceHost } from "./service-host.js";
import { launchdLabel } from "./service-spec.js";
import type { ServiceControl, ServiceState } from "./systemd-manager.js";

export function launchdControl(host: ServiceHost): ServiceControl {
  const domain = `gui/${host.uid}`;
  const target = (name: string) => `${domain}/${launchdLabel(name)}`;
  const must = async (args: string[]) => {
    const done = await host.run("launchctl", args);
    if (done.code === 0) return;
    throw new DaemonError(
      "KERN_SERVICE_FAILED",
      `launchctl ${args.join(" ")} failed: ${firstLine(done)}; see .kern/daemon.out`,
    );
  };
  return {
    async unavailable() {
      if (host.platform !== "darwin") return "launchd runs on macOS only";
      const probe = await host.run("launchctl", ["print", domain]);
      return probe.code === 0 ? null : `launchctl print ${domain}: ${firstLine(probe)}`;
    },
    async enable(name, file) {
      // A plist loaded before (an older install) is booted out first; its absence is no error.
      await host.run("launchctl", ["bootout", target(name)]);
      await must(["enable", target(name)]);
      await must(["bootstrap", domain, file]);
    },
    async disable(name) {
      await host.run("launchctl", ["bootout", target(name)]);
      await must(["disable", target(name)]);
    },
    async reload() {
      // launchd reads a plist at bootstrap only: nothing to reload.
    },
    async state(name) {
      const shown = await host.run("launchctl", ["print", target(name)]);
      return parseLaunchctlPrint(shown.code === 0 ? shown.stdout : null);
    },
    start: (name) => must(["kickstart", target(name)]),
    // SIGTERM: the daemon stops gracefully and exits 0, which KeepAlive does not restart.
    stop: (name) => must(["kill", "SIGTERM", target(name)]),
    restart: (name) => must(["kickstart", "-k", target(name)]),
    lingering: async () => null,
  };
}

/** `launchctl print gui/UID/LABEL` output as a ServiceState; null = launchd does not know it. */
export function parseLaunchctlPrint(text: string | null): ServiceState {
  if (text === null)
    return {
      loaded: false,
      enabled: false,
      active: false,
      state: "not loaded",
      pid: null,
      restarts: null,
    };
  const state = /^\s*state = (.+)$/m.exec(text)?.[1]?.trim() ?? "unknown";
  const pid = Number(/^\s*pid = (\d+)$/m.exec(text)?.[1] ?? "0");
  const runs = /^\s*runs = (\d+)$/m.exec(text)?.[1];
  return {
    loaded: true,
    enabled: true,
    active: state === "running",
    state,
    pid: pid > 0 ? pid : null,
    restarts: runs === undefined ? null : Math.max(0, Number(runs) - 1),
  };
}
