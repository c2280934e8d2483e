// The systemd user unit of one agent, as text, and the agent folder read back from one. Pure.
// No EnvironmentFile: the daemon reads `.kern/.env` itself, so the secrets stay out of the unit,
// out of `systemctl show` and out of the environment every tool the agent runs inherits.
import { DAEMON_MALLOC_TUNING } from "../malloc-tuning.js";
import {
  assertRepresentable,
  RESTART_EXIT_CODE,
  SERVICE_ENV,
  type ServiceSpec,
} from "./service-spec.js";

/** The key that marks a unit as kern's and names its agent (systemd ignores `X-` keys). */
const AGENT_KEY = "X-KernAgent";

/** `%` starts a specifier in every value systemd reads; `%%` is a plain percent sign. */
function escapeSpecifiers(value: string): string {
  return value.replace(/%/g, "%%");
}

/** One word of ExecStart or Environment=, double-quoted: `\` and `"` escaped, `%` doubled. */
function quoted(value: string, options: { exec: boolean }): string {
  let text = escapeSpecifiers(value.replace(/\\/g, "\\\\").replace(/"/g, '\\"'));
  // ExecStart expands $VAR and ${VAR}; `$$` is a plain dollar sign there (not in Environment=).
  if (options.exec) text = text.replace(/\$/g, () => "$$");
  return `"${text}"`;
}

/** PATH, the service's name, and the daemon's malloc tuning (malloc-tuning.ts), each quoted. */
function environment(path: string, unit: string): string {
  const pairs = { PATH: path, [SERVICE_ENV]: unit, ...DAEMON_MALLOC_TUNING };
  return Object.entries(pairs)
    .map(([name, value]) => quoted(`${name}=${value}`, { exec: false }))
    .join(" ");
}

/** The unit file `kern service install` writes for `spec` (systemd.service(5)). */
export function renderSystemdUnit(spec: ServiceSpec): string {
  const argv = [...spec.command, "run", spec.agentDir];
  assertRepresentable([...argv, spec.agentName, spec.path]);
  const unit = `${spec.name}.service`;
  return [
    `# Written by 'kern service install' for ${spec.agentDir}.`,
    "# 'kern service uninstall' removes it; docs/operations.md explains each line.",
    "[Unit]",
    `Description=${escapeSpecifiers(`kern agent ${spec.agentName} (${spec.agentDir})`)}`,
    // Five failed starts in five minutes and systemd gives up (a bad config must not spin).
    "StartLimitIntervalSec=300",
    "StartLimitBurst=5",
    `${AGENT_KEY}=${spec.agentDir}`,
    "",
    "[Service]",
    "Type=simple",
    `ExecStart=${argv.map((word) => quoted(word, { exec: true })).join(" ")}`,
    `WorkingDirectory=${escapeSpecifiers(spec.agentDir)}`,
    `Environment=${environment(spec.path, unit)}`,
    "Restart=on-failure",
    "RestartSec=5",
    // `/restart` in a chat ends the daemon with this code so that systemd starts it again.
    `RestartForceExitStatus=${RESTART_EXIT_CODE}`,
    // SIGTERM to the daemon alone: it ends its own MCP servers and background commands; what is
    // left after it exited, or after the timeout, gets SIGKILL.
    "KillMode=mixed",
    "TimeoutStopSec=30",
    "UMask=0077",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

/** The agent folder a unit file names (its `X-KernAgent=` line), or null for another unit. */
export function unitAgentDir(text: string): string | null {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${AGENT_KEY}=`));
  return line ? line.slice(AGENT_KEY.length + 1).trim() : null;
}
