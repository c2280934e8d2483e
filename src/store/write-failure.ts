// A write kern.db or a log could not make because the disk is full (ENOSPC, a quota, a file-size
// limit, SQLITE_FULL) or failed (an I/O error). Such a failure ends the turn with an error event
// and a clear log line; nothing half-written stays behind, and the daemon stays up (read-only
// in effect) until writes work again.
import { dirname } from "node:path";
import { StoreError } from "../kernel/index.js";

const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "EFBIG", "SQLITE_FULL"]);
const IO_CODES = /^(EIO|EROFS|SQLITE_IOERR)/;

function codeOf(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/** True for a write that failed for lack of space or an I/O error (not a bug). */
export function isWriteFailure(error: unknown): boolean {
  if (error instanceof StoreError) return error.code === "KERN_DISK_FULL";
  const code = codeOf(error);
  return FULL_CODES.has(code) || IO_CODES.test(code);
}

/** KERN_DISK_FULL naming the folder and the cause; `path` is any file in `.kern/`. */
function writeFailedError(path: string, error: unknown): StoreError {
  const code = codeOf(error);
  const cause = FULL_CODES.has(code)
    ? `the disk is full (${code})`
    : `a write failed (${code}; is the disk full?)`;
  return new StoreError(
    "KERN_DISK_FULL",
    `cannot write to ${dirname(path)}: ${cause}; free some space — kern stays up, keeps what it has, and writes again once it can`,
    { cause: error },
  );
}

/** Runs `action`; a write failure becomes KERN_DISK_FULL, anything else passes through. */
export function guardWrite<T>(path: string, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (isWriteFailure(error) && !(error instanceof StoreError)) {
      throw writeFailedError(path, error);
    }
    throw error;
  }
}
