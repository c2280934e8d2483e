// What the manager and the tool source use of one configured MCP server, whether kern started
// it (mcp-server-connection.ts) or could not (invalid-mcp-server.ts).
import type { McpServerView } from "../../protocol/index.js";
import type { ToolScope } from "../../runtime/index.js";
import type { McpRemoteTool } from "./list-mcp-tools.js";
import type { McpMappedResult } from "./mcp-result.js";

/** What the manager and the tool source use of one server, started or not. */
export interface McpServerHandle {
  readonly name: string;
  readonly toolScope: ToolScope;
  start(): void;
  settled(): Promise<McpServerView>;
  tools(): readonly McpRemoteTool[];
  status(): McpServerView;
  call(remoteName: string, args: unknown, signal: AbortSignal): Promise<McpMappedResult>;
  stop(): Promise<void>;
}
