// Every configured MCP server of one daemon: all started in the background at once (the daemon
// never waits for them), reported together, stopped together (no child process left behind).
import type { McpInvalidServer, ResolvedMcpEntry } from "../../config/index.js";
import type { Clock, NamedSecret } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { Sandbox } from "../../runtime/index.js";
import { InvalidMcpServer } from "./invalid-mcp-server.js";
import { mcpError } from "./mcp-errors.js";
import {
  type McpBackoff,
  McpServerConnection,
  type McpServerStatus,
} from "./mcp-server-connection.js";
import type { McpServerHandle } from "./mcp-server-handle.js";

function isInvalid(entry: ResolvedMcpEntry): entry is McpInvalidServer {
  return "invalid" in entry;
}

export interface McpManagerOptions {
  /** Entries kern cannot start are listed with their error, never started. */
  servers: Readonly<Record<string, ResolvedMcpEntry>>;
  agentDir: string;
  /** kern's version, sent to servers as the client's. */
  version: string;
  logger: Logger;
  clock?: Clock;
  backoff?: McpBackoff;
  /** Where stdio servers run (SPEC §16); absent: unconfined. */
  sandbox?: Sandbox;
  /** The config's secrets, kept out of every report (SPEC §16). */
  secrets?: readonly NamedSecret[];
}

/** Counts for `kern status`: servers by state and the tools of the ready ones. */
export interface McpSummary {
  servers: number;
  ready: number;
  failed: number;
  starting: number;
  tools: number;
}

export class McpManager {
  readonly connections: readonly McpServerHandle[];

  constructor(private readonly options: McpManagerOptions) {
    this.connections = Object.entries(options.servers).map(([name, server]) =>
      isInvalid(server)
        ? new InvalidMcpServer(name, server, options.logger.child({ mcp: name }))
        : new McpServerConnection({
            name,
            server,
            agentDir: options.agentDir,
            version: options.version,
            logger: options.logger.child({ mcp: name }),
            ...(options.clock ? { clock: options.clock } : {}),
            ...(options.backoff ? { backoff: options.backoff } : {}),
            ...(options.sandbox ? { sandbox: options.sandbox } : {}),
            ...(options.secrets ? { secrets: options.secrets } : {}),
          }),
    );
  }

  /** Starts every server in the background; returns at once. */
  start(): void {
    for (const connection of this.connections) connection.start();
  }

  status(): McpServerStatus[] {
    return this.connections.map((connection) => connection.status());
  }

  summary(): McpSummary {
    const statuses = this.status();
    const count = (state: McpServerStatus["state"]) =>
      statuses.filter((status) => status.state === state).length;
    return {
      servers: statuses.length,
      ready: count("ready"),
      failed: count("failed"),
      starting: count("starting"),
      tools: statuses
        .filter((status) => status.state === "ready")
        .reduce((sum, status) => sum + status.tools.length, 0),
    };
  }

  /**
   * Starts one configured server afresh, apart from the running one, waits until it is ready or
   * has failed, and stops it: `kern mcp test NAME`.
   */
  async test(name: string): Promise<McpServerStatus> {
    const server = this.options.servers[name];
    if (!server) {
      const known = Object.keys(this.options.servers).join(", ") || "none configured";
      throw mcpError(
        "KERN_MCP_UNKNOWN_SERVER",
        `no MCP server "${name}" in .kern/config.json → mcpServers (configured: ${known})`,
      );
    }
    if (isInvalid(server)) return new InvalidMcpServer(name, server, this.options.logger).status();
    const probe = new McpServerConnection({
      name,
      server,
      agentDir: this.options.agentDir,
      version: this.options.version,
      logger: this.options.logger.child({ mcp: name, probe: true }),
      backoff: { initialMs: 0, maxMs: 0, maxAttempts: 1, stableMs: 0, retryHttpForever: false },
      ...(this.options.sandbox ? { sandbox: this.options.sandbox } : {}),
      ...(this.options.secrets ? { secrets: this.options.secrets } : {}),
    });
    probe.start();
    const status = await probe.settled();
    await probe.stop();
    return status;
  }

  /** Stops every server and waits for their processes to end. */
  async stop(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }
}
