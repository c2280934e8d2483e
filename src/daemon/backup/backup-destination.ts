// Where a backup goes: a file named by the caller, or a folder (default `DIR.backups/`, beside the
// agent) where each backup is `kern-NAME-HASH-YYYYMMDDTHHMMSS.mmmZ.tar.gz`, so they sort by time and
// `--keep N` removes the oldest of this agent's only. Never inside the agent folder: the next
// backup would hold the last one.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { UsageError } from "../../kernel/index.js";
import { serviceNameFor } from "../service/service-spec.js";

const ARCHIVE_SUFFIX = ".tar.gz";

/** The agent's archive-name prefix: the same `kern-NAME-HASH` its service unit has. */
export function backupPrefix(agentName: string, agentDir: string): string {
  return serviceNameFor(agentName, resolve(agentDir));
}

/** `20260301T093000.123Z`: UTC, sortable, safe in a file name (two in a second do not collide). */
function stamp(nowMs: number): string {
  return new Date(nowMs).toISOString().replace(/[-:]/g, "");
}

/**
 * The archive to write for `destination` (a `.tar.gz` file, or a folder: existing, ending in
 * `/`, or the default). Throws KERN_USAGE for a destination inside the agent folder.
 */
export function resolveBackupFile(options: {
  agentDir: string;
  agentName: string;
  destination: string | undefined;
  nowMs: number;
}): { file: string; folder: string } {
  const agentDir = resolve(options.agentDir);
  const given = options.destination;
  if (!given?.endsWith(ARCHIVE_SUFFIX) || (existsSync(given) && statSync(given).isDirectory())) {
    const folder = resolveBackupFolder(agentDir, given);
    const name = `${backupPrefix(options.agentName, agentDir)}-${stamp(options.nowMs)}${ARCHIVE_SUFFIX}`;
    return { file: join(folder, name), folder };
  }
  const file = resolve(given);
  assertOutside(agentDir, file);
  const folder = join(file, "..");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return { file, folder };
}

/** The folder backups go to (made if missing): `destination`, else `DIR.backups` beside DIR. */
export function resolveBackupFolder(agentDir: string, destination: string | undefined): string {
  const folder = resolve(destination ?? `${resolve(agentDir)}.backups`);
  assertOutside(resolve(agentDir), folder);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

function assertOutside(agentDir: string, path: string): void {
  const inside = relative(agentDir, path);
  if (inside === "" || (!inside.startsWith("..") && !isAbsolute(inside))) {
    throw new UsageError(
      `backups in ${path} would sit inside the agent folder (and in every later backup); write them elsewhere, e.g. ${agentDir}.backups/`,
    );
  }
}

/** Removes this agent's oldest archives in `folder`, keeping the newest `keep`; returns them. */
export function pruneBackups(options: { folder: string; prefix: string; keep: number }): string[] {
  const suffix = ARCHIVE_SUFFIX.replace(/\./g, "\\.");
  const pattern = new RegExp(`^${options.prefix}-\\d{8}T\\d{6}\\.\\d{3}Z${suffix}$`);
  const archives = readdirSync(options.folder)
    .filter((name) => pattern.test(name))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - options.keep));
  for (const name of removed) rmSync(join(options.folder, name), { force: true });
  return removed.map((name) => join(options.folder, name));
}
