// The MCP manager over an agent's configured servers: used by the plugin in a daemon and by the
// CLI's `kern mcp list|test` when no daemon runs.
import { readFileSync } from "node:fs";
import type { Config } from "../../config/index.js";
import { packageFile } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { Sandbox } from "../../runtime/index.js";
import { McpManager } from "./mcp-manager.js";

/** kern's version, sent to MCP servers as the client's. */
function kernVersion(): string {
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
  /** Where stdio servers run (SPEC §16); absent = unconfined. */
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
