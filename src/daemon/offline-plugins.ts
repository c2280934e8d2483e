// `kern plugins list` and `kern approvals` when no daemon runs: kern's own plugins and the
// outside ones config names (imported to check they load, never set up), and the approvals file.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { agentPaths, loadConfig } from "../config/index.js";
import type { ApprovalView, PluginStatusView } from "../kernel/index.js";
import { createLogger } from "../log/index.js";
import { readApprovals } from "../runtime/index.js";
import { builtinPlugins } from "./builtin-plugins.js";
import { loadOutsidePlugins } from "./load-outside-plugins.js";

export async function listPluginsOffline(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<PluginStatusView[]> {
  const config = await loadConfig({ agentDir, env });
  const outside = await loadOutsidePlugins(config, createLogger({ level: "silent" }));
  return [
    ...builtinPlugins().map((plugin) => ({
      name: plugin.name,
      from: "kern",
      version: null,
      state: "ready" as const,
      error: null,
    })),
    ...outside.loaded.map((entry) => ({
      name: entry.plugin.name,
      from: entry.from,
      version: entry.version,
      state: "ready" as const,
      error: null,
    })),
    ...outside.failed,
  ];
}

export async function listApprovalsOffline(agentDir: string): Promise<ApprovalView[]> {
  const file = join(agentPaths(agentDir).kernDir, "approvals.json");
  return existsSync(file) ? readApprovals(file) : [];
}
