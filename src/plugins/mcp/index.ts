// Public surface of plugins/mcp/: the plugin, and the manager the CLI uses without a daemon.
export * from "./create-mcp-manager.js";
export * from "./mcp-manager.js";
export * from "./mcp-plugin.js";
