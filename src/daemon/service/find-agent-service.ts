// Which service, if any, runs an agent folder: the user's systemd units and launchd agents are
// read for the one that names the folder. No state in the agent folder itself (it is a git repo
// that may move to another machine); a renamed agent still finds its unit.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { plistAgentDir } from "./launchd-plist.js";
import type { ServiceHost } from "./service-host.js";
import type { ServiceManager } from "./service-spec.js";
import { unitAgentDir } from "./systemd-unit.js";

export interface InstalledService {
  manager: ServiceManager;
  /** `kern-NAME-HASH`. */
  name: string;
  /** The unit file or plist. */
  file: string;
}

/** The service installed for `agentDir`, or null. Reads a few small files; runs no command. */
export function findAgentService(agentDir: string, host: ServiceHost): InstalledService | null {
  const folder = resolve(agentDir);
  const units = filesIn(host.folders.systemdUnits, /^kern-.+\.service$/);
  for (const file of units) {
    if (unitAgentDir(readText(file)) === folder)
      return { manager: "systemd", name: nameOf(file, ".service"), file };
  }
  for (const file of filesIn(host.folders.launchAgents, /^kern\..+\.plist$/)) {
    if (plistAgentDir(readText(file)) === folder)
      return {
        manager: "launchd",
        name: `kern-${nameOf(file, ".plist").slice("kern.".length)}`,
        file,
      };
  }
  return null;
}

function filesIn(folder: string, pattern: RegExp): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => pattern.test(name))
      .map((name) => join(folder, name));
  } catch {
    return []; // no such folder: nothing installed there
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return ""; // removed meanwhile, or unreadable: not ours to judge
  }
}

function nameOf(file: string, suffix: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1);
  return base.slice(0, -suffix.length);
}
