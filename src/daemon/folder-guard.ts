// Every process that opens an agent's files without a daemon holds the folder's lock
// (`.kern/daemon.lock`, the one a daemon holds for its life) for as long as it has them open.
// Opening the store may repair the files (roll back an uncommitted import, cut a torn line,
// catch the index up): only a process that holds the lock may, so a `kern status` can no longer
// roll back an import that another process is still writing (issue 33, hole 1), and nothing
// writes beside a daemon whose pid file is gone (hole 6).
import { join } from "node:path";
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { DaemonError } from "../kernel/index.js";
import { type FolderLock, tryLockFolder } from "../store/index.js";

/** Locks this process holds, by folder: nested holders share one lock (SQLite's is per file). */
const held = new Map<string, { lock: FolderLock; holders: number }>();

/**
 * Runs `action` holding the agent folder's lock. Throws KERN_AGENT_BUSY at once when another
 * process holds it (a daemon, an import): the caller's command is refused, nothing is opened.
 */
export async function withFolderLock<T>(
  agentDir: string,
  purpose: string,
  action: () => Promise<T>,
): Promise<T> {
  await assertAgentFolder(agentDir);
  const lockFile = join(agentPaths(agentDir).kernDir, "daemon.lock");
  const entry = held.get(lockFile) ?? takeLock(lockFile, agentDir, purpose);
  entry.holders += 1;
  held.set(lockFile, entry);
  try {
    return await action();
  } finally {
    entry.holders -= 1;
    if (entry.holders === 0) {
      held.delete(lockFile);
      entry.lock.release();
    }
  }
}

function takeLock(lockFile: string, agentDir: string, purpose: string) {
  const lock = tryLockFolder(lockFile);
  if (!lock) {
    throw new DaemonError(
      "KERN_AGENT_BUSY",
      `cannot ${purpose}: another kern process is working on ${agentDir} (a daemon, or an import still running); wait for it to end, or stop the daemon with 'kern stop ${agentDir}'`,
    );
  }
  return { lock, holders: 0 };
}
