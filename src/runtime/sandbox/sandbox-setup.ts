// Builds the daemon's sandbox from the config (SPEC §16): the policy with every path resolved,
// and a trial run of bubblewrap with it, so a missing bwrap, or a kernel that refuses it the
// namespaces it needs (user namespaces off, an AppArmor rule), is known at start and not at the
// first `bash` call. "bwrap" refuses to start without it; "auto" goes on unconfined and says so.
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { Config } from "../../config/index.js";
import { KernError, packageFile } from "../../kernel/index.js";
import { type BwrapPolicy, bwrapArguments, type SandboxPathRule } from "./bwrap-arguments.js";
import type { Sandbox } from "./sandbox.js";

export type SandboxConfig = Pick<
  Config,
  "sandbox" | "sandboxNetwork" | "sandboxPaths" | "agentDir" | "home" | "secrets"
>;

const INSTALL_HINT = "Debian/Ubuntu: sudo apt-get install bubblewrap";
/** bubblewrap is found on the PATH by the OS, as any command is. */
const BWRAP = "bwrap";

export interface OpenSandboxOptions {
  /** The bubblewrap program (default `bwrap`, from the PATH); tests name a missing one. */
  program?: string;
}

/** The path with every symlink resolved; a missing one as it is (bwrap's --bind-try skips it). */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `~` and `~/x` are in the home folder; a relative path is inside the agent folder. */
export function resolveSandboxPaths(
  paths: Readonly<Record<string, "ro" | "rw">>,
  agentDir: string,
  home: string,
): SandboxPathRule[] {
  return Object.entries(paths).map(([path, mode]) => {
    const expanded = path === "~" ? home : path.startsWith("~/") ? join(home, path.slice(2)) : path;
    return { path: realPath(isAbsolute(expanded) ? expanded : resolve(agentDir, expanded)), mode };
  });
}

/**
 * What kern itself runs from, when it lives in the home, as read-only paths: the Node install
 * (nvm, fnm and volta put it there; `node`, `npm` and `npx` then still run inside, for `bash` and
 * for MCP servers started with `npx`) and kern's own package folder (a checkout or a global
 * install under the home, with the servers of its node_modules). Nothing else of the home shows.
 */
export function kernInstallsIn(
  home: string,
  nodePath: string,
  packageRoot: string,
): SandboxPathRule[] {
  if (home === "/") return [];
  const inHome = (path: string) => path.startsWith(`${home}/`);
  return [dirname(dirname(nodePath)), packageRoot]
    .filter(inHome)
    .map((path) => ({ path, mode: "ro" as const }));
}

/** Runs `true` in the sandbox; null when it ran, else why not. */
function trial(program: string, policy: BwrapPolicy): string | null {
  const run = spawnSync(program, [...bwrapArguments(policy, policy.agentDir), "--", "true"], {
    encoding: "utf8",
    timeout: 10_000,
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
    return missing ? "bubblewrap (bwrap) is not installed" : `bwrap failed: ${run.error.message}`;
  }
  if (run.status === 0) return null;
  const why = run.stderr.trim().split("\n")[0] || `exit code ${run.status ?? run.signal}`;
  return `bwrap cannot build its sandbox here (${why})`;
}

function unconfined(config: SandboxConfig, warning: string | null, hidden: Set<string>): Sandbox {
  return { setting: config.sandbox, bwrap: null, warning, hiddenVariables: hidden };
}

/** The sandbox the daemon's commands run in; throws KERN_SANDBOX_UNAVAILABLE for "bwrap" without it. */
export function openSandbox(config: SandboxConfig, options: OpenSandboxOptions = {}): Sandbox {
  const program = options.program ?? BWRAP;
  const hidden = new Set(config.secrets.named.map((secret) => secret.name));
  if (config.sandbox === "off") return unconfined(config, null, hidden);
  const agentDir = realPath(config.agentDir);
  const home = realPath(config.home);
  const policy: BwrapPolicy = {
    agentDir,
    home,
    network: config.sandboxNetwork,
    paths: [
      ...kernInstallsIn(home, realPath(process.execPath), realPath(packageFile())),
      ...resolveSandboxPaths(config.sandboxPaths, agentDir, home),
    ],
    proc: true,
  };
  let failure = trial(program, policy);
  // Some containers refuse a fresh /proc even in a new pid namespace: then an empty one.
  if (failure?.startsWith("bwrap cannot") && trial(program, { ...policy, proc: false }) === null) {
    policy.proc = false;
    failure = null;
  }
  if (failure === null)
    return {
      setting: config.sandbox,
      bwrap: { path: program, policy },
      warning: null,
      hiddenVariables: hidden,
    };
  if (config.sandbox === "bwrap")
    throw new KernError(
      "KERN_SANDBOX_UNAVAILABLE",
      `sandbox is "bwrap" but ${failure}; install bubblewrap (${INSTALL_HINT}) or set "sandbox" to "auto" or "off" in .kern/config.json`,
    );
  return unconfined(
    config,
    `${failure}: bash, background commands and MCP servers run unconfined as this user; install bubblewrap (${INSTALL_HINT}) and restart, or set "sandbox": "off" to accept this`,
    hidden,
  );
}
