// A damaged kern.db (truncated, its header overwritten, garbage pages) is not fatal: the logs are
// the source of truth and `kern reindex` rebuilds it. This turns SQLite's corruption errors into
// one KernError that says so, naming the agent folder.
import { dirname } from "node:path";
import { StoreError } from "../kernel/index.js";

/** SQLite result codes of a damaged database file (better-sqlite3's `SqliteError.code`). */
const DAMAGE_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

/** True for an error SQLite raised because the database file is damaged. */
export function isIndexDamage(error: unknown): boolean {
  if (error instanceof StoreError) return error.code === "KERN_INDEX_DAMAGED";
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return typeof error.code === "string" && DAMAGE_CODES.test(error.code);
}

/** The agent folder of `<DIR>/.kern/kern.db`. */
function agentDirOf(databasePath: string): string {
  return dirname(dirname(databasePath));
}

/** A damage error (raw from SQLite, or ours) as KERN_INDEX_DAMAGED naming the fix; else null. */
export function indexDamageIn(error: unknown, agentDir: string): StoreError | null {
  if (!isIndexDamage(error)) return null;
  if (error instanceof StoreError) return error;
  return indexDamagedError(`${agentDir}/.kern/kern.db`, error);
}

export function indexDamagedError(databasePath: string, cause: unknown): StoreError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new StoreError(
    "KERN_INDEX_DAMAGED",
    `kern.db is damaged (${detail}); run 'kern reindex ${agentDirOf(databasePath)}' (the log is the source of truth)`,
    { cause },
  );
}

/** Runs `action`; a damage error from SQLite becomes KERN_INDEX_DAMAGED. */
export function withDamageCheck<T>(databasePath: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (isIndexDamage(error) && !(error instanceof StoreError)) {
      throw indexDamagedError(databasePath, error);
    }
    throw error;
  }
}
