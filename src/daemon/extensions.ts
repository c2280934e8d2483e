// MCP servers and skills for the CLI when it works on the files (no daemon running), and the MCP
// manager the daemon's assembly starts. The daemon answers the same over its API when it runs.
import { readFileSync } from "node:fs";
import { assertAgentFolder, type Config, loadConfig } from "../config/index.js";
import type { McpListView, McpServerView, SkillsListView, SkillView } from "../kernel/index.js";
import { packageFile } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { createLogger } from "../log/index.js";
import {
  addSkill,
  createExtensionsApi,
  type ExtensionsApi,
  extensionCommands,
  McpManager,
  McpToolSource,
  openSandbox,
  type Runtime,
  type Sandbox,
  SkillCatalog,
} from "../runtime/index.js";

/** kern's version, sent to MCP servers as the client's. */
export function kernVersion(): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(packageFile("package.json"), "utf8"));
    if (typeof parsed === "object" && parsed !== null && "version" in parsed)
      return String(parsed.version);
  } catch {
    // a missing package.json only changes the version string servers see
  }
  return "0.0.0";
}

export function createMcpManager(options: {
  config: Config;
  logger: Logger;
  sandbox?: Sandbox;
}): McpManager {
  return new McpManager({
    servers: options.config.secrets.mcpServers,
    agentDir: options.config.agentDir,
    version: kernVersion(),
    logger: options.logger,
    secrets: options.config.secrets.named,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  });
}

export interface InstalledExtensions {
  api: ExtensionsApi;
  /** Starts every MCP server in the background; returns at once. */
  start(): void;
  /** Stops every MCP server and waits for their processes to end. */
  stop(): Promise<void>;
}

/**
 * MCP servers and skills in a daemon: the `mcp` and `skills` tool sources, the `<skills>`
 * section, the `/mcp` and `/skills` commands (SPEC §14).
 */
export function installExtensions(options: {
  runtime: Runtime;
  config: Config;
  logger: Logger;
  /** Where stdio servers run (SPEC §16). */
  sandbox: Sandbox;
}): InstalledExtensions {
  const { runtime, config, sandbox } = options;
  const logger = options.logger.child({ component: "mcp" });
  const mcp = createMcpManager({ config, logger, sandbox });
  const skills = new SkillCatalog(config.agentDir);
  runtime.tools.register(new McpToolSource(mcp));
  runtime.registerSkills(skills);
  const api = createExtensionsApi(mcp, skills);
  for (const command of extensionCommands(api)) runtime.registerCommand(command);
  return {
    api,
    start: () => {
      mcp.start();
      skills
        .refresh()
        .catch((error: unknown) => options.logger.warn({ err: error }, "could not read skills/"));
    },
    stop: () => mcp.stop(),
  };
}

/** `kern mcp list` without a daemon: the configured servers, not started. */
export async function listMcpOffline(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<McpListView> {
  const config = await loadConfig({ agentDir, env });
  const servers = Object.entries(config.mcpServers).map(
    ([name, server]): McpServerView => ({
      name,
      state: "stopped",
      transport: "command" in server ? "stdio" : null,
      toolScope: server.toolScope,
      tools: [],
      error: null,
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
