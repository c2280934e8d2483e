// The control of one service manager: systemd or launchd.
import { launchdControl } from "./launchd-manager.js";
import type { ServiceHost } from "./service-host.js";
import type { ServiceManager } from "./service-spec.js";
import { type ServiceControl, systemdControl } from "./systemd-manager.js";

export function serviceControl(manager: ServiceManager, host: ServiceHost): ServiceControl {
  return manager === "systemd" ? systemdControl(host) : launchdControl(host);
}
