// Public surface of runtime/: the Runtime, its contract for interfaces, and the memory port.
export * from "./chat-commands.js";
export * from "./extensions-api.js";
export { describeImport, type Importer } from "./import-job.js";
export * from "./memory-port.js";
export * from "./runtime.js";
export * from "./runtime-api.js";
export { composeContextReport } from "./runtime-queries.js";
export * from "./skills/index.js";
export * from "./tools/mcp/index.js";
export { ALL_TOOLS, toolsForScope } from "./tools/tool-registry.js";
