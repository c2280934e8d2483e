// An import as a transaction (issue 18, hole 3). Before its first append, an import writes
// `.kern/import.pending.json` with the session file's size and next seq; it deletes the marker once
// every message is appended, indexed and fsynced. While the marker exists the import's lines are
// not committed: a kill -9 mid-import leaves the marker, and the next open cuts the file back to
// the recorded size and drops the index rows from the recorded seq. Only lines written after the
// marker are ever cut, so the committed log is never rewritten (SG-12).
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { z } from "zod";
import type { SqliteDatabase } from "./database.js";

const markerSchema = z.object({
  session: z.string(),
  file: z.string(),
  size: z.number().int().nonnegative(),
  seqStart: z.number().int().nonnegative(),
  source: z.string(),
  startedAt: z.string(),
});

export type ImportMarker = z.infer<typeof markerSchema>;

/** Writes the marker durably (fsync) before the import's first append. */
export function beginImportMarker(path: string, marker: ImportMarker): void {
  const descriptor = openSync(path, "w", 0o600);
  try {
    writeSync(descriptor, `${JSON.stringify(marker)}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Commits the import: its lines are fsynced already; removing the marker makes them final. */
export function commitImportMarker(path: string): void {
  rmSync(path, { force: true });
}

/** The marker of an import that did not commit, or null. A marker that does not parse is null. */
function readImportMarker(path: string): ImportMarker | null {
  if (!existsSync(path)) return null;
  try {
    return markerSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return null; // written torn before the first append: nothing of the import reached the log
  }
}

/**
 * Cuts the session file back to its size before the uncommitted import (call before the log is
 * opened). Returns the marker that was rolled back, or null when there was none.
 */
export function rollBackImportFile(path: string): ImportMarker | null {
  if (!existsSync(path)) return null;
  const marker = readImportMarker(path);
  if (marker && existsSync(marker.file) && statSync(marker.file).size > marker.size)
    truncateSync(marker.file, marker.size);
  rmSync(path, { force: true });
  return marker;
}

/** Drops the index rows of a rolled-back import (messages, and through triggers their FTS rows). */
export function rollBackImportRows(db: SqliteDatabase, marker: ImportMarker): number {
  return db
    .prepare("DELETE FROM messages WHERE session = ? AND seq >= ?")
    .run(marker.session, marker.seqStart).changes;
}
