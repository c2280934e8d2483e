// The lean index's migration for an existing agent (ADR 0017), run when the store opens: the SQL
// migration (migrations.ts, the last) copied every message row without its text; this fills in
// where each row's line sits in its session log, read from the logs, then compacts kern.db (the
// old rows' pages are free, not yet given back). Crash-safe: each step commits in transactions of
// its own and only ever fills rows that have no place yet, so a kill -9 resumes where it stopped;
// the logs are only read. Rows whose line no log holds are left unplaced: the caller rebuilds.
import { existsSync } from "node:fs";
import { getMeta, type SqliteDatabase } from "./database.js";
import type { LinePlace } from "./jsonl-file.js";
import { LogReader, storedFileName } from "./log-reader.js";
import { readSessionFile } from "./session-log.js";

export interface MigrationProgress {
  phase: "places" | "compact";
  done: number;
  total: number;
}

const BATCH = 5000;

/** Fills the rows' places and compacts; returns how many rows no log line was found for. */
export function finishLeanMigration(
  db: SqliteDatabase,
  onProgress?: (progress: MigrationProgress) => void,
): number {
  const total = db
    .prepare("SELECT COUNT(*) FROM messages WHERE at IS NULL")
    .pluck()
    .get() as number;
  if (total > 0) fillPlaces(db, total, onProgress);
  const unplaced = db
    .prepare("SELECT COUNT(*) FROM messages WHERE at IS NULL")
    .pluck()
    .get() as number;
  if (unplaced === 0 && getMeta(db, "lean_compact") !== null) {
    onProgress?.({ phase: "compact", done: 0, total: 1 });
    db.exec("VACUUM");
    db.prepare("DELETE FROM meta WHERE key = 'lean_compact'").run();
    onProgress?.({ phase: "compact", done: 1, total: 1 });
  }
  return unplaced;
}

function fillPlaces(
  db: SqliteDatabase,
  total: number,
  onProgress?: (progress: MigrationProgress) => void,
): void {
  const log = new LogReader(db);
  const sessions = db
    .prepare("SELECT DISTINCT session FROM messages WHERE at IS NULL")
    .pluck()
    .all() as string[];
  const update = db.prepare(
    "UPDATE messages SET at = ?, bytes = ? WHERE session = ? AND seq = ? AND at IS NULL",
  );
  const rename = db.prepare("UPDATE sessions SET file = ? WHERE id = ?");
  let done = 0;
  for (const session of sessions) {
    const file = log.fileOf(session);
    if (!existsSync(file)) continue;
    rename.run(storedFileName(db, file), session);
    let batch: Array<[number, LinePlace]> = [];
    const flush = () => {
      db.transaction(() => {
        for (const [seq, place] of batch)
          done += update.run(place.at, place.bytes, session, seq).changes;
      })();
      batch = [];
      onProgress?.({ phase: "places", done, total });
    };
    readSessionFile(file, (message, place) => {
      batch.push([message.seq, place]);
      if (batch.length >= BATCH) flush();
    });
    flush();
  }
}
