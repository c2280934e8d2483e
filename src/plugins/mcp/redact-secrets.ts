// Keeps the values a server's config filled in (tokens in env and headers) out of what kern
// reports about it: stderr tails and errors can echo them. Pure.
import type { ResolvedMcpServer } from "../../config/index.js";

/** Values of the server's env and headers long enough to be a secret. */
export function secretValuesOf(server: ResolvedMcpServer): string[] {
  const values = "command" in server ? Object.values(server.env) : Object.values(server.headers);
  const bearer = values.flatMap((value) => value.split(/\s+/));
  return [...new Set([...values, ...bearer])]
    .filter((value) => value.length >= 6)
    .sort((a, b) => b.length - a.length);
}

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.replaceAll(secret, "[redacted]");
  return result;
}
