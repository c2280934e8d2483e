// File tools are confined to the agent folder; secrets and kern's own state are off limits.
import { relative, resolve, sep } from "node:path";
import { KernError } from "../../kernel/index.js";

const FORBIDDEN = [".kern/.env", ".kern/pairing.json", ".git/"];

/** Resolves `path` inside `agentDir`, throwing a KernError for anything outside or forbidden. */
export function resolveAgentPath(agentDir: string, path: string): string {
  const absolute = resolve(agentDir, path);
  const inside = relative(agentDir, absolute);
  if (inside.startsWith("..") || resolve(agentDir, inside) !== absolute) {
    throw new KernError(
      "KERN_TOOL_FAILED",
      `${path} is outside the agent folder; use a path inside ${agentDir}`,
    );
  }
  const normalized = inside.split(sep).join("/");
  if (
    FORBIDDEN.some(
      (entry) => normalized === entry.replace(/\/$/, "") || normalized.startsWith(entry),
    )
  ) {
    throw new KernError(
      "KERN_TOOL_FAILED",
      `${path} holds kern's secrets or internals and cannot be accessed by tools`,
    );
  }
  return absolute;
}
