// The error codes of the MCP plugin (SPEC §14), with their exit codes, HTTP statuses and default
// messages; typed like the core's through PluginErrorCodes (kernel/error-catalogue.ts).
import { type ErrorCatalogueEntry, KernError, type KernErrorOptions } from "../../kernel/index.js";

const MCP_ERRORS = {
  KERN_MCP_UNAVAILABLE: {
    exit: 1,
    status: 503,
    message: "the MCP server is not ready; see 'kern mcp list' for its state and last error",
  },
  KERN_MCP_TIMEOUT: {
    exit: 1,
    status: 504,
    message: "the MCP server did not answer in time; raise mcpServers.NAME.timeoutMs",
  },
  KERN_MCP_UNKNOWN_SERVER: {
    exit: 2,
    status: 404,
    message: "no such MCP server; 'kern mcp list' names the configured ones",
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

declare module "../../kernel/error-catalogue.js" {
  interface PluginErrorCodes {
    KERN_MCP_UNAVAILABLE: true;
    KERN_MCP_TIMEOUT: true;
    KERN_MCP_UNKNOWN_SERVER: true;
  }
}

/** An MCP error with its entry; `message` says what to do (the entry's by default). */
export function mcpError(
  code: keyof typeof MCP_ERRORS,
  message?: string,
  options: Omit<KernErrorOptions, "entry"> = {},
): KernError {
  return new KernError(code, message, { ...options, entry: MCP_ERRORS[code] });
}
