// What a service that runs one agent is: its manager, its name, the command it runs. Pure: the
// names are derived from the agent's name and folder, so several agents on one machine each get
// their own unit (docs/operations.md).
import { createHash } from "node:crypto";
import { UsageError } from "../../kernel/index.js";

export type ServiceManager = "systemd" | "launchd";

export interface ServiceSpec {
  manager: ServiceManager;
  /** `kern-NAME-HASH`: the systemd unit without `.service`; launchd's label is `kern.NAME-HASH`. */
  name: string;
  agentName: string;
  /** Absolute path of the agent folder. */
  agentDir: string;
  /** argv of `kern` itself (node, its flags, the CLI); the service appends `run DIR`. */
  command: readonly string[];
  /** PATH the daemon and its tools see (a user manager's own PATH is minimal). */
  path: string;
}

/** The exit code of a daemon that stopped to be restarted (`/restart` under a service). */
export const RESTART_EXIT_CODE = 75;

/** The env var a service sets for its daemon: the unit's name (systemd) or label (launchd). */
export const SERVICE_ENV = "KERN_SERVICE";

/**
 * `kern-<slug>-<hash>`: the slug from the agent's name (lowercase letters, digits, dashes), the
 * hash of its absolute folder, so two agents both named "assistant" never share a unit.
 */
export function serviceNameFor(agentName: string, agentDir: string): string {
  const slug =
    agentName
      .normalize("NFKD")
      .replace(/\p{M}/gu, "") // accents come apart under NFKD: keep the base letter
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32)
      .replace(/-+$/, "") || "agent";
  const hash = createHash("sha256").update(agentDir).digest("hex").slice(0, 6);
  return `kern-${slug}-${hash}`;
}

/** The file name of the spec's definition: `NAME.service` or `kern.NAME.plist`. */
export function serviceFileName(spec: Pick<ServiceSpec, "manager" | "name">): string {
  return spec.manager === "systemd" ? `${spec.name}.service` : `${launchdLabel(spec.name)}.plist`;
}

/** launchd's label for a service name: `kern-a-1f2e3d` → `kern.a-1f2e3d`. */
export function launchdLabel(name: string): string {
  return `kern.${name.replace(/^kern-/, "")}`;
}

/** Refuses what no unit file or plist can hold: a newline or NUL in a path or argument. */
export function assertRepresentable(values: readonly string[]): void {
  for (const value of values) {
    if (/[\n\r\0]/.test(value)) {
      throw new UsageError(
        `cannot write a service for ${JSON.stringify(value)}: it holds a line break; move the agent to a plain path`,
      );
    }
  }
}
