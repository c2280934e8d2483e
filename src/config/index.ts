// Public surface of config/: the schema, loading and the agent folder layout.

export type { PluginEntryConfig } from "./access-keys.js";
export * from "./config-docs.js";
export * from "./env-file.js";
export * from "./load-config.js";
export * from "./paths.js";
export * from "./resolve-mcp-servers.js";
export * from "./schema.js";
export * from "./update-config-file.js";
