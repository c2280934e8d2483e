// The lines `kern service status` and `kern status` print about an agent's service. Pure.
import type { ServiceStatus } from "../daemon/service/index.js";

/** What to run so the user's services start at boot and outlive a logout (systemd). */
export function lingerAdvice(): string {
  return "lingering is off: the service stops at logout and starts at login only;\n  to run it from boot: loginctl enable-linger $USER";
}

/** One line for `kern status`: which service runs the agent and its state; null without one. */
export function serviceLine(status: ServiceStatus): string | null {
  if (!status.installed || !status.state) return null;
  const enabled = status.state.enabled ? "enabled" : "not enabled";
  return `service ${status.name} (${status.manager}): ${enabled}, ${status.state.state}`;
}

export function formatServiceStatus(status: ServiceStatus, dir: string): string[] {
  const state = status.state;
  if (!status.installed || !state)
    return [`no service runs ${dir}; 'kern service install ${dir}' makes one`];
  const pid = state.pid === null ? "no pid" : `pid ${state.pid}`;
  const restarts = state.restarts === null ? "" : `, ${state.restarts} restart(s) after failures`;
  const lines = [
    `${status.name} (${status.manager}): ${state.enabled ? "enabled" : "not enabled"}, ${state.state}, ${pid}${restarts}`,
    `file: ${status.file}`,
  ];
  if (status.lingering === false) lines.push(lingerAdvice());
  if (status.lingering === true) lines.push("lingering is on: the service starts at boot");
  return lines;
}
