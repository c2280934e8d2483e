// What an agent holds on disk at a size (issue 32, Build 5): the session log, kern.db and its
// write-ahead log, and the whole `.kern/` folder, per message; and kern.db by table and index
// (SQLite's dbstat), so the index's growth against the log it is derived from is visible.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { agentPaths } from "../../src/config/index.js";
import { openDatabase } from "../../src/store/index.js";

export interface DiskUsage {
  /** The session logs (`.kern/sessions/*.jsonl`): the source of truth. */
  logBytes: number;
  /** kern.db plus its -wal file: derived, rebuilt by `kern reindex`. */
  dbBytes: number;
  /** Everything under `.kern/`. */
  kernDirBytes: number;
  /** kern.db's pages by table or index name (an FTS5 table's shadow tables apart). */
  tables: Record<string, number>;
}

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(child);
    else if (entry.isFile()) total += statSync(child).size;
  }
  return total;
}

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function tableBytes(database: string): Record<string, number> {
  const db = openDatabase(database);
  try {
    const rows = db
      .prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC")
      .all() as Array<{ name: string; bytes: number }>;
    return Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
  } finally {
    db.close();
  }
}

/** Measures the agent's files; run while no process writes to it. */
export function measureDiskUsage(agentDir: string): DiskUsage {
  const paths = agentPaths(agentDir);
  return {
    logBytes: folderBytes(paths.sessionsDir),
    dbBytes: fileBytes(paths.database) + fileBytes(`${paths.database}-wal`),
    kernDirBytes: folderBytes(paths.kernDir),
    tables: tableBytes(paths.database),
  };
}
