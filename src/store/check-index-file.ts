// A damaged kern.db is found at start, not by the first turn (issue 33 item 7): SQLite's
// quick_check reads every page once (a few hundred ms for a large index), so damage in pages the
// open path never touches still stops the start with the fix, `kern reindex`.
import { existsSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { indexDamagedError, isIndexDamage } from "./index-damage.js";

/** Throws KERN_INDEX_DAMAGED when `path` exists and fails SQLite's quick_check. */
export function checkIndexFile(path: string): void {
  if (!existsSync(path)) return;
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(path, { fileMustExist: true, timeout: 5000 });
    const rows = db.pragma("quick_check(5)") as Array<{ quick_check: string }>;
    const problems = rows.map((row) => row.quick_check).filter((text) => text !== "ok");
    if (problems.length > 0) {
      throw indexDamagedError(path, new Error(`quick_check: ${problems.join("; ").slice(0, 300)}`));
    }
  } catch (error) {
    if (isIndexDamage(error)) throw indexDamagedError(path, error);
    throw error;
  } finally {
    db?.close();
  }
}
