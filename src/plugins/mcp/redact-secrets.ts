// Keeps the values a server's config filled in (tokens in env and headers) out of what kern
// reports about it: stderr tails and errors can echo them. The mechanics are the one redactor of
// every secret (kernel/secret-redactor.ts); this names a server's own values. Pure.
import type { ResolvedMcpServer } from "../../config/index.js";
import type { NamedSecret } from "../../kernel/index.js";

/**
 * The server's env and header values, each under its variable's or header's name, and the parts
 * of a value with spaces (the token of `Bearer TOKEN`) under the same name.
 */
export function secretValuesOf(server: ResolvedMcpServer): NamedSecret[] {
  const entries = Object.entries("command" in server ? server.env : server.headers);
  return entries.flatMap(([name, value]) => [
    { name, value },
    ...value
      .split(/\s+/)
      .filter((part) => part !== value)
      .map((part) => ({ name, value: part })),
  ]);
}
