// Opens kern.db: better-sqlite3 with WAL, busy_timeout, sqlite-vec loaded, migrations applied.
// The daemon is the only writer (SPEC §3); a CLI command without a daemon opens it directly.
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { StoreError } from "../kernel/index.js";
import { withDamageCheck } from "./index-damage.js";
import { MIGRATIONS } from "./migrations.js";
import { ensurePrivateFile, makePrivateDir } from "./private-files.js";
import { sqliteAddonPath } from "./sqlite-driver.js";

export type SqliteDatabase = BetterSqlite3.Database;

/** Opens (creating) the index at `path`, or an in-memory one for `":memory:"`. */
export function openDatabase(path: string): SqliteDatabase {
  if (path !== ":memory:") {
    // 0600 before SQLite opens it: its -wal and -shm files take the database file's mode.
    makePrivateDir(dirname(path));
    ensurePrivateFile(path);
  }
  let db: SqliteDatabase;
  try {
    db = new BetterSqlite3(path, { nativeBinding: sqliteAddonPath() });
  } catch (error) {
    throw new StoreError(
      "KERN_STORE_FAILED",
      `cannot open ${path}: ${String(error)}; run 'kern reindex' to rebuild it`,
      { cause: error },
    );
  }
  try {
    withDamageCheck(path, () => {
      db.pragma("journal_mode = WAL");
      db.pragma("busy_timeout = 5000");
      db.pragma("synchronous = NORMAL");
      db.pragma("foreign_keys = ON");
      sqliteVec.load(db);
      migrate(db);
    });
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function migrate(db: SqliteDatabase): void {
  const current = Number(db.pragma("user_version", { simple: true }));
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    const sql = MIGRATIONS[version] as string;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export function getMeta(db: SqliteDatabase, key: string): string | null {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
    | { value: string }
    | undefined;
  return row?.value ?? null;
}

export function setMeta(db: SqliteDatabase, key: string, value: string): void {
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}
