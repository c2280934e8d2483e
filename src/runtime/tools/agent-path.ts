// File tools are confined to the agent folder by real paths: a symlink inside the folder cannot
// lead a tool outside it, and kern's own state (.kern/: secrets, config, logs, the index) and
// .git/ are off limits to every tool. Config changes go through the operator, never a tool.
import { lstat, realpath } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { KernError } from "../../kernel/index.js";

/** Top-level entries of the agent folder no tool may read, list or write. */
const FORBIDDEN = new Set([".kern", ".git"]);

function insideOf(root: string, absolute: string): string | null {
  const inside = relative(root, absolute);
  if (inside === "") return "";
  if (inside.startsWith(`..${sep}`) || inside === ".." || resolve(root, inside) !== absolute) {
    return null;
  }
  return inside;
}

function isForbidden(inside: string): boolean {
  const first = inside.split(sep)[0] ?? "";
  return FORBIDDEN.has(first);
}

function outside(path: string, agentDir: string): KernError {
  return new KernError(
    "KERN_TOOL_FAILED",
    `${path} is outside the agent folder; use a path inside ${agentDir}`,
  );
}

function internals(path: string): KernError {
  return new KernError(
    "KERN_TOOL_FAILED",
    `${path} is kern's own state (.kern/) or .git/, which no tool may touch; the operator changes config with kern commands`,
  );
}

/** The real path of `absolute`, or of its nearest existing ancestor joined with the rest. */
async function realTarget(absolute: string): Promise<string> {
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      await lstat(existing);
      break;
    } catch {
      const parent = dirname(existing);
      if (parent === existing) break;
      rest.unshift(existing.slice(parent.length + 1));
      existing = parent;
    }
  }
  return resolve(await realpath(existing), ...rest);
}

/**
 * Resolves `path` inside `agentDir` by its real path (every symlink on the way followed), and
 * throws a KernError when it leads outside the folder or into .kern/ or .git/. A path that does not
 * exist yet (a new file) is checked through its nearest existing parent.
 */
export async function resolveAgentPath(agentDir: string, path: string): Promise<string> {
  const root = resolve(agentDir);
  const absolute = resolve(root, path);
  const lexical = insideOf(root, absolute);
  if (lexical === null) throw outside(path, agentDir);
  if (isForbidden(lexical)) throw internals(path);
  const realRoot = await realpath(root);
  const real = insideOf(realRoot, await realTarget(absolute));
  if (real === null) throw outside(path, agentDir);
  if (isForbidden(real)) throw internals(path);
  return absolute;
}

/**
 * Throws unless `real` (a real path, every link resolved) lies inside the real agent folder
 * `realRoot` and outside .kern/ and .git/. `path` is what the tool was asked for (for the message).
 */
export function assertRealInside(realRoot: string, real: string, path: string): void {
  const inside = insideOf(realRoot, real);
  if (inside === null) throw outside(path, realRoot);
  if (isForbidden(inside)) throw internals(path);
}
