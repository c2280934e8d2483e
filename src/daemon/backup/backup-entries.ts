// What a backup holds (docs/operations.md, "What a backup holds"): the working tree (every file
// git tracks or would track; without a repository of its own, every file), and from `.kern/` the
// config, the logs up to the cut, jobs and pairing as at the cut, media and whole tool outputs;
// `.env` only with secrets. Left out: kern.db (rebuilt at restore), the turn queue, the daemon's
// pid, lock and logs, web sessions, running work (processes, sub-agent records), import uploads.
import { execFile } from "node:child_process";
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import type { AgentPaths } from "../../config/index.js";
import type { BackupCut } from "../../store/index.js";

export type PlannedEntry =
  /** A log, up to its cut. */
  | { kind: "log"; path: string; file: string; bytes: number }
  /** A document as read at the cut. */
  | { kind: "text"; path: string; text: string }
  /** A file copied whole (the working tree, config, media, tool outputs, `.env`). */
  | { kind: "file"; path: string; file: string; bytes: number; mode: number; role: FileRole };

export type FileRole = "tree" | "config" | "media" | "tool-output" | "secret";

/** The agent-folder paths of the entries, `/`-separated; the archive puts them under files/. */
export async function planEntries(options: {
  paths: AgentPaths;
  cut: BackupCut;
  ownRepository: boolean;
  withSecrets: boolean;
}): Promise<PlannedEntry[]> {
  const { paths, cut } = options;
  const entries: PlannedEntry[] = [];
  const add = (role: FileRole, file: string) => {
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return; // a link, a folder, or gone meanwhile: not a file to keep
    const path = relative(paths.agentDir, file).split("\\").join("/");
    entries.push({ kind: "file", path, file, bytes: stat.size, mode: stat.mode & 0o777, role });
  };
  for (const path of await treeFiles(paths.agentDir, options.ownRepository))
    add("tree", join(paths.agentDir, path));
  add("config", paths.configFile);
  if (options.withSecrets) add("secret", paths.envFile);
  for (const log of cut.logs)
    entries.push({
      kind: "log",
      path: log.path,
      file: join(paths.agentDir, log.path),
      bytes: log.bytes,
    });
  for (const snapshot of cut.snapshots) entries.push({ kind: "text", ...snapshot });
  for (const file of filesUnder(paths.mediaDir)) add("media", file);
  for (const file of filesUnder(paths.toolOutputDir)) add("tool-output", file);
  return entries;
}

/** Working-tree paths outside `.kern/` and `.git/`, relative to the folder. */
async function treeFiles(agentDir: string, ownRepository: boolean): Promise<string[]> {
  const all = ownRepository ? await gitListed(agentDir) : walk(agentDir, "");
  return all.filter((path) => !/^\.(kern|git)(\/|$)/.test(path)).sort();
}

async function gitListed(agentDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: agentDir, maxBuffer: 256 * 1024 * 1024 },
  );
  // A file deleted but still in the index is listed too; `add` skips what is not there.
  return [...new Set(stdout.split("\0").filter(Boolean))];
}

function walk(root: string, prefix: string): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((item) => {
    const path = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.isDirectory())
      return prefix === "" && /^\.(kern|git)$/.test(item.name) ? [] : walk(root, path);
    return item.isFile() ? [path] : [];
  });
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return walk(folder, "").map((path) => join(folder, path));
}
