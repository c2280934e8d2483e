// glob and grep over the agent folder (Node 20 has no fs.glob): a bounded walk that skips .git,
// node_modules and kern's own state, and never follows a symlink (a link is not listed).
import { readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import picomatch from "picomatch";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { resolveAgentPath } from "./agent-path.js";
import { grepInWorker } from "./grep-in-worker.js";
import { defineTool } from "./tool.js";

const SKIP = new Set([".git", "node_modules", ".kern"]);
const MAX_FILES = 5000;
const MAX_MATCHES = 200;

async function walk(root: string, base: string, files: string[]): Promise<void> {
  if (files.length >= MAX_FILES) return;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(root, entry.name);
    if (entry.isDirectory()) await walk(path, base, files);
    else if (entry.isFile()) files.push(relative(base, path));
    if (files.length >= MAX_FILES) return;
  }
}

export const globTool = defineTool({
  name: "glob",
  description:
    "List files in the agent folder matching a glob such as `notes/*.md`, `**/*.md` or `notes/{a,b}-*.md`.",
  scope: "read",
  parameters: z.object({ pattern: z.string().min(1) }),
  async run(args, context) {
    const files: string[] = [];
    await walk(context.agentDir, context.agentDir, files);
    // picomatch: `**`, `*`, `?`, `{a,b}`, `[ab]`, `!(x)` as shells and editors read them.
    const matcher = picomatch(args.pattern, { dot: true });
    const matches = files.map((file) => file.split("\\").join("/")).filter((file) => matcher(file));
    return matches.length > 0 ? matches.sort().join("\n") : "no files match";
  },
});

export const grepTool = defineTool({
  name: "grep",
  description:
    "Search file contents in the agent folder with a regular expression; returns file:line: text.",
  scope: "read",
  parameters: z.object({
    pattern: z.string().min(1),
    path: z
      .string()
      .optional()
      .describe("folder or file to search (default: the whole agent folder)"),
    ignoreCase: z.boolean().optional(),
  }),
  async run(args, context) {
    const root = await resolveAgentPath(context.agentDir, args.path ?? ".");
    const files: string[] = [];
    if ((await stat(root)).isFile()) files.push(relative(context.agentDir, root));
    else await walk(root, context.agentDir, files);
    const flags = args.ignoreCase ? "i" : "";
    try {
      new RegExp(args.pattern, flags);
    } catch (error) {
      throw new KernError("KERN_TOOL_FAILED", `invalid regular expression: ${String(error)}`);
    }
    const matches = await grepInWorker({
      agentDir: context.agentDir,
      files,
      pattern: args.pattern,
      flags,
      maxMatches: MAX_MATCHES,
      signal: context.signal,
    });
    return matches.length > 0 ? matches.join("\n") : "no matches";
  },
});
