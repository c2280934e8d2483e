// The `mcpServers` key of config.json (SPEC §14), spread into the schema's top level (schema.ts).
import { z } from "zod";
import { fromForeignEntry } from "./foreign-mcp-entry.js";

// MCP servers (SPEC §14): `mcpServers` in config.json, in the shape other MCP clients use. Any
// string may hold `${VAR}`, filled from `.kern/.env` at load (resolve-mcp-servers.ts), so secrets
// stay out of the committed file. A server's tools are `full`-scope tools unless `toolScope` says
// otherwise (docs/security.md).
export const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const mcpCommonShape = {
  toolScope: z
    .enum(["full", "write", "read"])
    .default("full")
    .describe("The lowest toolScope that offers this server's tools; read = read-only."),
  timeoutMs: z.number().int().min(100).default(60_000).describe("One tool call's time limit."),
  startTimeoutMs: z
    .number()
    .int()
    .min(100)
    .default(30_000)
    .describe("Time to connect and list tools before the server is reported failed."),
};

const mcpStdioServerSchema = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
    cwd: z.string().min(1).optional(),
    sandbox: z
      .boolean()
      .default(true)
      .describe(
        "false: this server runs outside the sandbox (config `sandbox`), as the operator's user.",
      ),
    ...mcpCommonShape,
  })
  .strict();

const mcpHttpServerSchema = z
  .object({
    url: z.string().min(1),
    headers: z.record(z.string(), z.string()).default({}),
    transport: z
      .enum(["auto", "streamable-http", "sse"])
      .default("auto")
      .describe("auto = streamable HTTP, then SSE when the server does not speak it."),
    ...mcpCommonShape,
  })
  .strict();

export const mcpServerSchema = z.union([mcpStdioServerSchema, mcpHttpServerSchema], {
  error:
    'expected { "command", "args"?, "env"?, "cwd"?, "sandbox"? } (stdio) or { "url", "headers"? } (HTTP), plus "toolScope"?, "timeoutMs"?, "startTimeoutMs"?',
});

export type McpServerConfig = z.infer<typeof mcpServerSchema>;

/**
 * An entry kern cannot start, kept so that server is reported with its error (`kern mcp list`,
 * `kern status`, the log) while the daemon and every other server start (issue 48 item 8).
 * `disabled`: the entry itself says not to start it (`"disabled": true`).
 */
export interface McpInvalidServer {
  invalid: string;
  disabled?: true;
}

export type McpServerEntry = McpServerConfig | McpInvalidServer;

export function isInvalidMcpServer(entry: object): entry is McpInvalidServer {
  return "invalid" in entry;
}

const STDIO_KEYS = "command, args, env, cwd, sandbox";
const HTTP_KEYS = "url, headers, transport";
const COMMON_KEYS = "toolScope, timeoutMs, startTimeoutMs";

function describeIssues(error: z.ZodError, keys: string): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.join(".");
    const unknown = issue.code === "unrecognized_keys" ? ` (kern's keys: ${keys})` : "";
    return `${path ? `${path}: ` : ""}${issue.message}${unknown}`;
  });
  return lines.join("; ");
}

/** One entry in kern's shape, or an invalid one saying what to change. */
function parseMcpEntry(name: string, raw: unknown): McpServerEntry {
  if (!MCP_SERVER_NAME.test(name))
    return {
      invalid: `${JSON.stringify(name.slice(0, 40))} is not a server name: use 1-32 letters, digits, _ or - (it prefixes the server's tools)`,
    };
  const foreign = fromForeignEntry(name, raw);
  if ("error" in foreign)
    return { invalid: foreign.error, ...(foreign.disabled ? { disabled: true as const } : {}) };
  const { entry } = foreign;
  if (!("command" in entry) && !("url" in entry))
    return {
      invalid: 'an entry needs "command" (a program kern starts) or "url" (an HTTP endpoint)',
    };
  const [schema, keys] =
    "command" in entry
      ? [mcpStdioServerSchema, `${STDIO_KEYS}, ${COMMON_KEYS}`]
      : [mcpHttpServerSchema, `${HTTP_KEYS}, ${COMMON_KEYS}`];
  const parsed = schema.safeParse(entry);
  return parsed.success ? parsed.data : { invalid: describeIssues(parsed.error, keys) };
}

/** Every entry, in a record without a prototype (a server may be called `constructor`). */
function parseMcpEntries(raw: Record<string, unknown>): Record<string, McpServerEntry> {
  const entries: Record<string, McpServerEntry> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) entries[name] = parseMcpEntry(name, value);
  return entries;
}

export const mcpServersSchema = z
  .record(z.string(), z.unknown())
  .default({})
  .transform(parseMcpEntries)
  .describe(
    "MCP servers by name: { command, args?, env?, cwd? } or { url, headers? }, or as Claude Code and VS Code write them (type stdio, http or sse); any string may use $VAR in braces, filled from .kern/.env; an entry kern cannot use disables that server only; see docs/extensions.md.",
  );

/**
 * Top-level keys other clients use for the servers, refused with what to write instead (a
 * config.json with a misnamed key fails to load; an invalid entry under `mcpServers` does not).
 */
export const FOREIGN_SERVER_KEYS: Readonly<Record<string, string>> = {
  servers: 'VS Code calls the MCP servers "servers": in .kern/config.json the key is "mcpServers"',
  context_servers: 'Zed calls the MCP servers "context_servers": in kern the key is "mcpServers"',
};
