// Message vectors in a sqlite-vec vec0 table with cosine distance. The embedder's fingerprint is
// stored; a different fingerprint drops the table so the worker re-embeds in the background.
// Vectors are stored as int8 directions (vector-quantize.ts): a quarter of float32's bytes (issue
// 32: at a million messages float32 vectors alone were 2 GB), and cosine distance barely moves.
import type { SqliteDatabase } from "./database.js";
import { getMeta, setMeta } from "./database.js";
import { dequantizeVector, quantizeVector } from "./vector-quantize.js";

const TABLE = "message_vectors";
/** How the table stores a vector; a table of another format is dropped and re-embedded. */
const STORAGE = "int8";
export class VectorIndex {
  private dimensions: number | null = null;
  /** Known to hold a vector (this process is the one writer; only ensure() can empty it). */
  private holdsVectors = false;

  constructor(private readonly db: SqliteDatabase) {}

  /** Prepares the table for an embedder; returns true when existing vectors were dropped. */
  ensure(options: { fingerprint: string; dimensions: number }): boolean {
    const current = getMeta(this.db, "embedder_fingerprint");
    this.dimensions = options.dimensions;
    const exists =
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(TABLE) !== undefined;
    const storage = getMeta(this.db, "vector_storage");
    if (current === options.fingerprint && storage === STORAGE && exists) return false;
    this.holdsVectors = false;
    this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${TABLE}`);
      this.db.exec(
        `CREATE VIRTUAL TABLE ${TABLE} USING vec0(embedding int8[${options.dimensions}] distance_metric=cosine)`,
      );
      setMeta(this.db, "vector_storage", STORAGE);
      setMeta(this.db, "embedder_fingerprint", options.fingerprint);
      setMeta(this.db, "vector_cursor", "0");
    })();
    return current !== null;
  }

  /** Message ids after the embedding cursor, oldest first. */
  pending(limit: number): Array<{ id: number }> {
    const cursor = Number(getMeta(this.db, "vector_cursor") ?? "0");
    return this.db
      .prepare("SELECT id FROM messages WHERE id > ? ORDER BY id LIMIT ?")
      .all(cursor, limit) as Array<{ id: number }>;
  }

  pendingCount(): number {
    const cursor = Number(getMeta(this.db, "vector_cursor") ?? "0");
    return (
      this.db.prepare("SELECT COUNT(*) AS n FROM messages WHERE id > ?").get(cursor) as {
        n: number;
      }
    ).n;
  }

  /** Stores vectors and advances the cursor to the highest id given, in one transaction. */
  insert(rows: ReadonlyArray<{ id: number; vector: Float32Array }>, cursor: number): void {
    const statement = this.db.prepare(
      `INSERT OR REPLACE INTO ${TABLE} (rowid, embedding) VALUES (?, vec_int8(?))`,
    );
    this.db.transaction(() => {
      for (const row of rows) statement.run(BigInt(row.id), quantizeVector(row.vector));
      setMeta(this.db, "vector_cursor", String(cursor));
    })();
    if (rows.length > 0) this.holdsVectors = true;
  }

  /** The highest message id embedded so far (vectors of ids at or below it exist or were skipped). */
  cursor(): number {
    return Number(getMeta(this.db, "vector_cursor") ?? "0");
  }

  /**
   * Stored vectors of the given message ids; ids without a vector are absent from the map. Each id
   * is a point lookup by rowid, O(k log n). A `rowid IN (json_each)` read is a whole-table pass in
   * vec0: on a 1M-message index, 8,200 ids took 550–720 ms that way and 52 ms by point lookups,
   * and the segmentation of an import asks for 8,200 at a time (issue 32).
   */
  vectors(ids: readonly number[]): Map<number, Float32Array> {
    const result = new Map<number, Float32Array>();
    if (ids.length === 0 || this.isEmpty()) return result;
    const statement = this.db.prepare(`SELECT embedding FROM ${TABLE} WHERE rowid = ?`).pluck();
    for (const id of ids) {
      const embedding = statement.get(BigInt(id)) as Buffer | undefined;
      if (embedding) result.set(id, dequantizeVector(embedding));
    }
    return result;
  }

  /** The k nearest message ids by cosine distance (smaller is closer). */
  nearest(vector: Float32Array, k: number): Array<{ id: number; distance: number }> {
    if (this.dimensions === null) return [];
    return this.db
      .prepare(
        `SELECT rowid AS id, distance FROM ${TABLE} WHERE embedding MATCH vec_int8(?) AND k = ? ORDER BY distance`,
      )
      .all(quantizeVector(vector), k) as Array<{
      id: number;
      distance: number;
    }>;
  }

  /** True when no vector is stored (cheaper than count() on a large table). */
  isEmpty(): boolean {
    if (this.holdsVectors) return false;
    const exists =
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(TABLE) !== undefined;
    const empty =
      !exists || this.db.prepare(`SELECT rowid FROM ${TABLE} LIMIT 1`).get() === undefined;
    this.holdsVectors = !empty;
    return empty;
  }

  count(): number {
    const exists =
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(TABLE) !== undefined;
    if (!exists) return 0;
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${TABLE}`).get() as { n: number }).n;
  }
}
