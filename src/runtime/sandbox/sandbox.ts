// What the daemon's commands run inside (SPEC §16): bubblewrap with a policy, or nothing. Built
// once at start (sandbox-setup.ts) and handed to the three places that start processes: the
// bash tool, background commands and stdio MCP servers (contained-spawn.ts).
import type { SandboxMode } from "../../config/index.js";
import type { SandboxStatusView } from "../../kernel/index.js";
import type { BwrapPolicy } from "./bwrap-arguments.js";

export interface Sandbox {
  /** The `sandbox` setting it was built from. */
  readonly setting: SandboxMode;
  /** bubblewrap's path and the policy of every sandboxed command; null = commands run unconfined. */
  readonly bwrap: { path: string; policy: BwrapPolicy } | null;
  /** Why commands run unconfined while `sandbox` is "auto" (kern status, kern doctor); else null. */
  readonly warning: string | null;
  /** Environment variables no child gets: the ones that hold kern's own secrets. */
  readonly hiddenVariables: ReadonlySet<string>;
}

/** No sandbox: what tests and callers without a daemon get. */
export const NO_SANDBOX: Sandbox = {
  setting: "off",
  bwrap: null,
  warning: null,
  hiddenVariables: new Set(),
};

/** The sandbox as `kern status` and `kern doctor` show it. */
export function sandboxStatus(sandbox: Sandbox): SandboxStatusView {
  return {
    setting: sandbox.setting,
    mode: sandbox.bwrap ? "bwrap" : "none",
    network: sandbox.bwrap ? sandbox.bwrap.policy.network : true,
    warning: sandbox.warning,
  };
}
