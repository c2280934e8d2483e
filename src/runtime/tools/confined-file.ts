// Open first, then check what was opened (issue 33 item 4, docs/security.md). Resolving a path and
// then opening it leaves a window in which a symlink can be swapped to /etc/passwd, and no path
// check sees a hard link to .kern/.env. So the file tools open the resolved path and then judge
// the open descriptor itself: a regular file, one link only, and its real path (from
// /proc/self/fd, or realpath with a device and inode match) inside the agent folder and outside
// .kern/ and .git/. Nothing is read, truncated or written before that check passes.
import { constants, type Stats } from "node:fs";
import { type FileHandle, open, readlink, realpath, stat } from "node:fs/promises";
import { KernError } from "../../kernel/index.js";
import { assertRealInside, resolveAgentPath } from "./agent-path.js";

export type ConfinedAccess = "read" | "write" | "update";

const FLAGS: Record<ConfinedAccess, number> = {
  // O_NONBLOCK: opening a FIFO must not hang the tool; regular files ignore it.
  read: constants.O_RDONLY | constants.O_NONBLOCK,
  // No O_TRUNC: an outside file reached by a swapped link must not lose a byte before the check.
  write: constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK,
  update: constants.O_RDWR | constants.O_NONBLOCK,
};

function refused(path: string, why: string): KernError {
  return new KernError("KERN_TOOL_FAILED", `${path}: ${why}`);
}

/** The real path the descriptor was opened at; null when /proc is not there. */
async function openedPath(handle: FileHandle): Promise<string | null> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    return null;
  }
}

async function checkOpened(
  handle: FileHandle,
  agentDir: string,
  absolute: string,
  path: string,
): Promise<Stats> {
  const stats = await handle.stat();
  if (!stats.isFile())
    throw refused(path, "not a regular file; the file tools read and write files only");
  if (stats.nlink > 1) {
    throw refused(
      path,
      `has ${stats.nlink} hard links; a hard link can lead outside the agent folder, so the file tools refuse it (make a copy: cp ${path} ${path}.copy && mv ${path}.copy ${path})`,
    );
  }
  const realRoot = await realpath(agentDir);
  const opened = await openedPath(handle);
  if (opened !== null) {
    if (opened.endsWith(" (deleted)"))
      throw refused(path, "was removed while it was opened; try again");
    assertRealInside(realRoot, opened, path);
    return stats;
  }
  // No /proc: the path's real target now must be the very file that was opened.
  const real = await realpath(absolute);
  assertRealInside(realRoot, real, path);
  const now = await stat(real);
  if (now.dev !== stats.dev || now.ino !== stats.ino) {
    throw refused(path, "changed while it was opened (a link was swapped); try again");
  }
  return stats;
}

/**
 * Opens `path` (relative to the agent folder) for `access` and returns the handle only once the
 * opened file itself passed the confinement check; the caller closes it.
 */
async function openConfined(
  agentDir: string,
  path: string,
  access: ConfinedAccess,
): Promise<{ handle: FileHandle; stats: Stats }> {
  const absolute = await resolveAgentPath(agentDir, path);
  const handle = await open(absolute, FLAGS[access], 0o644);
  try {
    return { handle, stats: await checkOpened(handle, agentDir, absolute, path) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The whole text of a confined file. */
export function readConfined(agentDir: string, path: string): Promise<string> {
  return withConfinedReader(agentDir, path, (handle) => handle.readFile("utf8"));
}

/** Opens a confined file for reading and lets `read` take what it needs (a bounded range). */
export async function withConfinedReader<T>(
  agentDir: string,
  path: string,
  read: (handle: FileHandle, stats: Stats) => Promise<T>,
): Promise<T> {
  const { handle, stats } = await openConfined(agentDir, path, "read");
  try {
    return await read(handle, stats);
  } finally {
    await handle.close();
  }
}

/** Replaces the content of a confined file (created when missing). */
export async function writeConfined(
  agentDir: string,
  path: string,
  content: string,
): Promise<void> {
  const { handle } = await openConfined(agentDir, path, "write");
  try {
    await handle.truncate(0);
    await handle.write(content, 0, "utf8");
  } finally {
    await handle.close();
  }
}

/** Reads a confined file, lets `change` compute its new text, and writes that through the same descriptor. */
export async function updateConfined(
  agentDir: string,
  path: string,
  change: (text: string) => string,
): Promise<void> {
  const { handle } = await openConfined(agentDir, path, "update");
  try {
    const next = change(await handle.readFile("utf8"));
    await handle.truncate(0);
    await handle.write(next, 0, "utf8");
  } finally {
    await handle.close();
  }
}

/**
 * The bytes of a confined file of at most `maxBytes` (checked on the opened file before a byte is
 * read); `tooLarge` makes the error for a larger one.
 */
export async function readConfinedBytes(
  agentDir: string,
  path: string,
  maxBytes: number,
  tooLarge: (bytes: number) => KernError,
): Promise<Buffer> {
  const { handle, stats } = await openConfined(agentDir, path, "read");
  try {
    if (stats.size > maxBytes) throw tooLarge(stats.size);
    const bytes = await handle.readFile();
    if (bytes.length > maxBytes) throw tooLarge(bytes.length); // it grew while we read
    return bytes;
  } finally {
    await handle.close();
  }
}
