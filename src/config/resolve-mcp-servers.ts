// Fills `${VAR}` in every string of `mcpServers` from `.kern/.env` (and the environment), so a
// server's token sits in the git-ignored .env while config.json names it. A variable nobody sets
// is listed in `missing`: that server is reported failed ("set X in .kern/.env"), the rest start.
import {
  isInvalidMcpServer,
  type McpServerConfig,
  type McpServerEntry,
  type ResolvedMcpEntry,
  type ResolvedMcpServer,
} from "./schema.js";

/** `${NAME}`, or `${NAME:-default}` (Claude Code's form): the default when NAME is unset. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

function fill(text: string, lookup: (name: string) => string | undefined, missing: Set<string>) {
  return text.replace(VARIABLE, (_match, name: string, fallback: string | undefined) => {
    const value = lookup(name);
    if (value !== undefined && !(value === "" && fallback !== undefined)) return value;
    if (fallback !== undefined) return fallback;
    missing.add(name);
    return "";
  });
}

function fillRecord(
  record: Readonly<Record<string, string>>,
  lookup: (name: string) => string | undefined,
  missing: Set<string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, fill(value, lookup, missing)]),
  );
}

/** One server with its variables filled. */
export function resolveMcpServer(
  server: McpServerConfig,
  lookup: (name: string) => string | undefined,
): ResolvedMcpServer {
  const missing = new Set<string>();
  const text = (value: string) => fill(value, lookup, missing);
  if ("command" in server) {
    const resolved = {
      ...server,
      command: text(server.command),
      args: server.args.map(text),
      env: fillRecord(server.env, lookup, missing),
      ...(server.cwd === undefined ? {} : { cwd: text(server.cwd) }),
    };
    return { ...resolved, missing: [...missing] };
  }
  const resolved = {
    ...server,
    url: text(server.url),
    headers: fillRecord(server.headers, lookup, missing),
  };
  return { ...resolved, missing: [...missing] };
}

/**
 * Every server of `mcpServers`, variables filled, in a record without a prototype: a name such
 * as `constructor` or `toString` finds a server only when one is configured by it (issue 49 item
 * 10: `POST /extensions/mcp/constructor/test` found Object's constructor and answered 500).
 */
export function resolveMcpServers(
  servers: Readonly<Record<string, McpServerEntry>>,
  lookup: (name: string) => string | undefined,
): Record<string, ResolvedMcpEntry> {
  const resolved: Record<string, ResolvedMcpEntry> = Object.create(null);
  for (const [name, server] of Object.entries(servers)) {
    resolved[name] = isInvalidMcpServer(server) ? server : resolveMcpServer(server, lookup);
  }
  return resolved;
}

/** The names of every `${VAR}` the servers' strings use (their values are secrets; defaults not). */
export function configVariables(servers: Readonly<Record<string, McpServerEntry>>): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string")
      for (const match of value.matchAll(VARIABLE)) names.add(match[1] ?? "");
    else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === "object")
      for (const item of Object.values(value)) visit(item);
  };
  visit(servers);
  names.delete("");
  return [...names];
}
