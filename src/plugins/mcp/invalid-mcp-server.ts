// A configured MCP entry kern cannot start (issue 48 item 8): a bad shape, a key of another
// client's with no kern form, `"disabled": true`. It is never started; it stands in the server
// list with its error, so `kern mcp list`, `kern status` and the log name it and say what to
// change, while the daemon and every other server run.
import type { McpInvalidServer } from "../../config/index.js";
import type { Logger } from "../../log/index.js";
import type { McpServerView } from "../../protocol/index.js";
import type { ToolScope } from "../../runtime/index.js";
import type { McpRemoteTool } from "./list-mcp-tools.js";
import { mcpError } from "./mcp-errors.js";
import type { McpMappedResult } from "./mcp-result.js";
import type { McpServerHandle } from "./mcp-server-handle.js";

export class InvalidMcpServer implements McpServerHandle {
  readonly toolScope: ToolScope = "full";
  private readonly error: string;
  private told = false;

  constructor(
    readonly name: string,
    private readonly entry: McpInvalidServer,
    private readonly logger: Logger,
  ) {
    this.error = entry.disabled
      ? entry.invalid
      : `not started: mcpServers.${name} in .kern/config.json: ${entry.invalid}`;
  }

  /** Logs once why the server does not start. */
  start(): void {
    if (this.told) return;
    this.told = true;
    if (this.entry.disabled) this.logger.info({ server: this.name }, "mcp server disabled");
    else this.logger.warn({ server: this.name, error: this.error }, "mcp server entry invalid");
  }

  settled(): Promise<McpServerView> {
    return Promise.resolve(this.status());
  }

  tools(): readonly McpRemoteTool[] {
    return [];
  }

  status(): McpServerView {
    return {
      name: this.name,
      state: this.entry.disabled ? "stopped" : "failed",
      transport: null,
      toolScope: this.toolScope,
      tools: [],
      error: this.error,
      failures: 0,
      retrying: false,
    };
  }

  call(): Promise<McpMappedResult> {
    return Promise.reject(
      mcpError("KERN_MCP_UNAVAILABLE", `MCP server "${this.name}" ${this.error}`),
    );
  }

  async stop(): Promise<void> {
    // never started: nothing to end
  }
}
