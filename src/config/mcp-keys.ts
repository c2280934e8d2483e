// The `mcpServers` key of config.json (SPEC §14), spread into the schema's top level (schema.ts).
import { z } from "zod";

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

export const mcpServersSchema = z
  .record(z.string().regex(MCP_SERVER_NAME), mcpServerSchema, {
    error: (issue) =>
      issue.code === "invalid_key"
        ? "a server name is 1-32 letters, digits, _ or - (it prefixes its tools' names)"
        : undefined,
  })
  .default({})
  .describe(
    "MCP servers by name: { command, args?, env?, cwd? } or { url, headers? }; any string may use $VAR in braces, filled from .kern/.env; see docs/extensions.md.",
  );

export type McpServerConfig = z.infer<typeof mcpServerSchema>;
