// Public surface of runtime/: the Runtime, its contract for interfaces, and the memory port.
export * from "./channel.js";
export * from "./chat-commands.js";
export { describeImport, type Importer } from "./import-job.js";
export * from "./memory-port.js";
export * from "./runtime.js";
export * from "./runtime-api.js";
export { composeContextReport } from "./runtime-queries.js";
export type { Tool, ToolContext, ToolResult, ToolResultPart, ToolScope } from "./tools/tool.js";
export { defineTool } from "./tools/tool.js";
export { ALL_TOOLS, toolsForScope } from "./tools/tool-registry.js";
export type { ToolRequest, ToolSource, TurnInfo } from "./tools/tool-source.js";
export { ToolRegistry } from "./tools/tool-source.js";
export * from "./turn-request.js";
