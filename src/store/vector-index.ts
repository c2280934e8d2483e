// Message vectors, in one of two storages. The embedder's fingerprint is stored; a different
// fingerprint drops the vectors so the worker re-embeds in the background.
// - `int8`: a sqlite-vec vec0 table with cosine distance, for an embedder whose vectors recall
//   searches by nearest neighbour (a served model). Vectors are int8 directions
//   (vector-quantize.ts): a quarter of float32's bytes (issue 32: at a million messages float32
//   vectors alone were 2 GB), and cosine distance barely moves.
// - `int8-packed`: a plain table of the same int8 vectors packed (vector-pack.ts), for the
//   `local` embedder, whose vectors nothing searches (recall re-embeds its FTS candidates' heads)
//   and only segmentation reads back: a hashed bag of words is mostly zeros, so its packed bytes
//   are a fifth of the dense ones (issue 50: at 20k chat-shaped messages the vectors were a third
//   of kern.db, more than the messages' text).
// An agent whose vectors are in the other storage keeps them: they are moved across, not re-embedded.
import type { SqliteDatabase } from "./database.js";
import { getMeta, setMeta } from "./database.js";
import { packVector, unpackVector } from "./vector-pack.js";
import { dequantizeVector, quantizeVector } from "./vector-quantize.js";

const SEARCHED_TABLE = "message_vectors";
const PACKED_TABLE = "message_vectors_packed";
type Storage = "int8" | "int8-packed";
const TABLES: Record<Storage, string> = { int8: SEARCHED_TABLE, "int8-packed": PACKED_TABLE };
/** Vectors moved per statement batch when an agent's vectors change storage. */
const MOVE_BATCH = 10_000;

export interface EnsureVectorsOptions {
  fingerprint: string;
  dimensions: number;
  /** Whether `nearest` will be asked (the vec0 table); false packs the vectors in a plain table. */
  searched: boolean;
  /** Moving vectors between storages (an agent of an older kern): done and total so far. */
  onMove?: (done: number, total: number) => void;
}

export class VectorIndex {
  private dimensions: number | null = null;
  /** Known to hold a vector (this process is the one writer; only ensure() can empty it). */
  private holdsVectors = false;

  constructor(private readonly db: SqliteDatabase) {}

  private exists(table: string): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(table) !== undefined;
  }

  /** The table the vectors are in now (the one that exists), or null before the first ensure. */
  private table(): string | null {
    if (this.exists(PACKED_TABLE)) return PACKED_TABLE;
    return this.exists(SEARCHED_TABLE) ? SEARCHED_TABLE : null;
  }

  private create(storage: Storage, dimensions: number): void {
    this.db.exec(
      storage === "int8"
        ? `CREATE VIRTUAL TABLE ${SEARCHED_TABLE} USING vec0(embedding int8[${dimensions}] distance_metric=cosine)`
        : `CREATE TABLE ${PACKED_TABLE} (id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`,
    );
    setMeta(this.db, "vector_storage", storage);
  }

  /** Prepares the table for an embedder; returns true when existing vectors were dropped. */
  ensure(options: EnsureVectorsOptions): boolean {
    const current = getMeta(this.db, "embedder_fingerprint");
    this.dimensions = options.dimensions;
    const wanted: Storage = options.searched ? "int8" : "int8-packed";
    const storage = getMeta(this.db, "vector_storage") as Storage | null;
    const same = current === options.fingerprint;
    if (same && storage === wanted && this.exists(TABLES[wanted])) return false;
    if (same && storage !== null && storage in TABLES && this.exists(TABLES[storage])) {
      this.move(storage, wanted, options);
      return false;
    }
    this.holdsVectors = false;
    this.db.transaction(() => {
      this.db.exec(`DROP TABLE IF EXISTS ${SEARCHED_TABLE}`);
      this.db.exec(`DROP TABLE IF EXISTS ${PACKED_TABLE}`);
      this.create(wanted, options.dimensions);
      setMeta(this.db, "embedder_fingerprint", options.fingerprint);
      setMeta(this.db, "vector_cursor", "0");
    })();
    return current !== null;
  }

  /**
   * Moves every vector to the other storage in one transaction (a crash leaves the old table
   * whole): the same int8 bytes, so nothing is re-embedded and nothing changes for segmentation.
   */
  private move(from: Storage, to: Storage, options: EnsureVectorsOptions): void {
    const source = TABLES[from];
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM ${source}`).get() as { n: number }).n;
    this.db.transaction(() => {
      this.create(to, options.dimensions);
      const read = this.db.prepare(
        `SELECT rowid AS id, embedding FROM ${source} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      );
      const write = this.writer(to);
      let after = 0;
      let done = 0;
      for (;;) {
        const rows = read.all(after, MOVE_BATCH) as Array<{ id: number; embedding: Buffer }>;
        if (rows.length === 0) break;
        for (const row of rows) {
          const bytes = from === "int8" ? row.embedding : unpackVector(row.embedding);
          write.run(BigInt(row.id), to === "int8" ? bytes : packVector(bytes));
        }
        after = rows[rows.length - 1]?.id ?? after;
        done += rows.length;
        options.onMove?.(done, total);
      }
      this.db.exec(`DROP TABLE ${source}`);
    })();
  }

  private writer(storage: Storage) {
    return this.db.prepare(
      storage === "int8"
        ? `INSERT OR REPLACE INTO ${SEARCHED_TABLE} (rowid, embedding) VALUES (?, vec_int8(?))`
        : `INSERT OR REPLACE INTO ${PACKED_TABLE} (id, embedding) VALUES (?, ?)`,
    );
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
    const packed = this.table() === PACKED_TABLE;
    const statement = this.writer(packed ? "int8-packed" : "int8");
    this.db.transaction(() => {
      for (const row of rows) {
        const bytes = quantizeVector(row.vector);
        statement.run(BigInt(row.id), packed ? packVector(bytes) : bytes);
      }
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
    const table = this.table();
    if (ids.length === 0 || table === null || this.isEmpty()) return result;
    const statement = this.db.prepare(`SELECT embedding FROM ${table} WHERE rowid = ?`).pluck();
    for (const id of ids) {
      const embedding = statement.get(BigInt(id)) as Buffer | undefined;
      if (!embedding) continue;
      result.set(
        id,
        dequantizeVector(table === PACKED_TABLE ? unpackVector(embedding) : embedding),
      );
    }
    return result;
  }

  /** The k nearest message ids by cosine distance (smaller is closer); the searched storage only. */
  nearest(vector: Float32Array, k: number): Array<{ id: number; distance: number }> {
    if (this.dimensions === null || !this.exists(SEARCHED_TABLE)) return [];
    return this.db
      .prepare(
        `SELECT rowid AS id, distance FROM ${SEARCHED_TABLE} WHERE embedding MATCH vec_int8(?) AND k = ? ORDER BY distance`,
      )
      .all(quantizeVector(vector), k) as Array<{
      id: number;
      distance: number;
    }>;
  }

  /** True when no vector is stored (cheaper than count() on a large table). */
  isEmpty(): boolean {
    if (this.holdsVectors) return false;
    const table = this.table();
    const empty =
      table === null || this.db.prepare(`SELECT rowid FROM ${table} LIMIT 1`).get() === undefined;
    this.holdsVectors = !empty;
    return empty;
  }

  count(): number {
    const table = this.table();
    if (table === null) return 0;
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  }
}
