// The name a server's tool has for the model: `SERVER__TOOL`, within the charset and length every
// provider accepts (`^[a-zA-Z0-9_-]{1,64}$`). Pure.
import { createHash } from "node:crypto";

export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

function sanitise(text: string): string {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]/g, "_");
  return cleaned === "" ? "_" : cleaned;
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

/**
 * `SERVER__TOOL` with other characters turned into `_`; a name past 64 characters keeps its head
 * and ends in a hash of the original, and a clash with a name in `taken` gets a hash suffix too.
 */
export function mcpToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const full = `${sanitise(server)}__${sanitise(tool)}`;
  if (full.length <= MAX_LENGTH && !taken.has(full)) return full;
  const suffix = `_${shortHash(`${server}\u0000${tool}`)}`;
  return `${full.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
}
