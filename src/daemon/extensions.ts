// MCP servers and skills for the CLI when it works on the files (no daemon running). The daemon
// answers the same over its API when it runs (plugins/mcp, plugins/skills).
import { assertAgentFolder, isInvalidMcpServer, loadConfig } from "../config/index.js";
import { createLogger } from "../log/index.js";
import { createMcpManager } from "../plugins/mcp/index.js";
import { addSkill, SkillCatalog } from "../plugins/skills/index.js";
import type { McpListView, McpServerView, SkillsListView, SkillView } from "../protocol/index.js";
import { openSandbox } from "../runtime/index.js";

/** `kern mcp list` without a daemon: the configured servers, not started. */
export async function listMcpOffline(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<McpListView> {
  const config = await loadConfig({ agentDir, env });
  const servers = Object.entries(config.mcpServers).map(
    ([name, server]): McpServerView => ({
      name,
      // An entry kern cannot start is named with what to change (issue 48 item 8).
      state: isInvalidMcpServer(server) && !server.disabled ? "failed" : "stopped",
      transport: "command" in server ? "stdio" : null,
      toolScope: isInvalidMcpServer(server) ? "full" : server.toolScope,
      tools: [],
      error: isInvalidMcpServer(server) ? server.invalid : null,
      failures: 0,
      retrying: false,
    }),
  );
  return { running: false, servers };
}

/** `kern mcp test NAME` without a daemon: starts the server here, lists its tools, stops it. */
export async function testMcpServerOffline(
  agentDir: string,
  name: string,
  env: Record<string, string | undefined>,
): Promise<McpServerView> {
  const config = await loadConfig({ agentDir, env });
  const sandbox = openSandbox(config); // the server is tried where the daemon would run it
  const manager = createMcpManager({ config, logger: createLogger({ level: "silent" }), sandbox });
  return manager.test(name);
}

export async function listSkills(agentDir: string): Promise<SkillsListView> {
  await assertAgentFolder(agentDir);
  return new SkillCatalog(agentDir).refresh();
}

export async function addSkillToAgent(agentDir: string, source: string): Promise<SkillView> {
  await assertAgentFolder(agentDir);
  return addSkill({ agentDir, source });
}
