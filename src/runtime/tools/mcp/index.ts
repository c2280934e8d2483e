// Public surface of runtime/tools/mcp/: the MCP servers of a daemon and their tools.
export * from "./mcp-manager.js";
export type { McpBackoff } from "./mcp-server-connection.js";
export * from "./mcp-tool-source.js";
