// Public surface of runtime/tools/mcp/: the MCP servers of a daemon and their tools.
export * from "./mcp-manager.js";
export * from "./mcp-tool-source.js";
