// One daemon per agent folder: an exclusive SQLite lock on `.kern/daemon.lock`, held for the
// daemon's life. The OS drops it when the process dies (kill -9 included), so it never goes stale.
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { ensurePrivateFile, makePrivateDir } from "./private-files.js";
import { sqliteAddonPath } from "./sqlite-driver.js";

export interface FolderLock {
  release(): void;
}

/**
 * Takes the folder's lock, or returns null when another process holds it. `locking_mode =
 * EXCLUSIVE` keeps the exclusive lock `BEGIN EXCLUSIVE` takes until the connection closes, a
 * transaction that writes nothing included. Nothing is written (it once wrote the holder's pid,
 * which nothing read): a write costs fsyncs of the file and its journal, 5–40 ms of every command
 * that reads an agent without a daemon (issue 32).
 */
export function tryLockFolder(lockFile: string): FolderLock | null {
  makePrivateDir(dirname(lockFile));
  ensurePrivateFile(lockFile);
  const db = new BetterSqlite3(lockFile, { timeout: 0, nativeBinding: sqliteAddonPath() });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return null;
    throw error;
  }
  return { release: () => db.close() };
}
