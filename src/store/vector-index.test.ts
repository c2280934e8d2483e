// Vector storage: int8 directions searched in vec0 or packed in a plain table, moved between the
// two without loss, and a table of the older float format re-embedded.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seededRandom } from "../../test/support/seeded-random.js";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { openDatabase, type SqliteDatabase, setMeta } from "./database.js";
import { VectorIndex } from "./vector-index.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

function database() {
  const temp = makeTempDir("kern-vectors-");
  temps.push(temp);
  return openDatabase(join(temp.path, "kern.db"));
}

/** Bytes of a table's pages (a vec0 table: its vector chunks). */
function tableBytes(db: SqliteDatabase, name: string): number {
  const row = db
    .prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE ? || '%'")
    .get(name) as { bytes: number };
  return row.bytes;
}

describe("the vector index", () => {
  it("stores one byte per dimension and finds the nearest by direction", () => {
    const db = database();
    const vectors = new VectorIndex(db);
    vectors.ensure({ fingerprint: "test", dimensions: 4, searched: true });
    vectors.insert(
      [
        { id: 1, vector: Float32Array.from([1, 0, 0, 0]) },
        { id: 2, vector: Float32Array.from([0, 2, 0, 0]) },
        { id: 3, vector: Float32Array.from([0.5, 0.5, 0, 0]) },
      ],
      3,
    );
    const bytes = db.prepare("SELECT length(embedding) AS n FROM message_vectors").all();
    expect(bytes).toEqual([{ n: 4 }, { n: 4 }, { n: 4 }]);
    expect(vectors.nearest(Float32Array.from([0, 9, 0, 0]), 2).map((hit) => hit.id)).toEqual([
      2, 3,
    ]);
    expect(Array.from(vectors.vectors([2]).get(2) ?? [])).toEqual([0, 1, 0, 0]);
    db.close();
  });

  it("drops a table of float vectors (an older kern) so the worker embeds again", () => {
    const db = database();
    db.exec("CREATE VIRTUAL TABLE message_vectors USING vec0(embedding float[4])");
    setMeta(db, "embedder_fingerprint", "test");
    setMeta(db, "vector_cursor", "40");
    const vectors = new VectorIndex(db);
    expect(vectors.ensure({ fingerprint: "test", dimensions: 4, searched: true })).toBe(true);
    expect(vectors.cursor()).toBe(0);
    expect(vectors.ensure({ fingerprint: "test", dimensions: 4, searched: true })).toBe(false);
    db.close();
  });

  it("packs the vectors nothing searches, and moves an older agent's vectors across unchanged", () => {
    const db = database();
    const next = seededRandom(5);
    const sparse = () =>
      Float32Array.from({ length: 384 }, () => (next() < 0.07 ? next() * 2 - 1 : 0));
    const rows = Array.from({ length: 300 }, (_, index) => ({ id: index + 1, vector: sparse() }));
    const searched = new VectorIndex(db);
    searched.ensure({ fingerprint: "local-hash-v1-384", dimensions: 384, searched: true });
    searched.insert(rows, 320);
    const ids = rows.map((row) => row.id);
    const before = searched.vectors(ids);
    const denseBytes = tableBytes(db, "message_vectors");

    const moves: number[] = [];
    const packed = new VectorIndex(db);
    const options = { fingerprint: "local-hash-v1-384", dimensions: 384, searched: false };
    expect(packed.ensure({ ...options, onMove: (done) => moves.push(done) })).toBe(false);
    expect(moves.at(-1)).toBe(300);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'message_vectors'").get()).toBe(
      undefined,
    );
    expect(packed.cursor()).toBe(320);
    expect(packed.count()).toBe(300);
    const after = packed.vectors(ids);
    for (const id of ids)
      expect(Array.from(after.get(id) ?? [])).toEqual(Array.from(before.get(id) ?? []));
    expect(tableBytes(db, "message_vectors_packed")).toBeLessThan(denseBytes / 3);
    expect(packed.nearest(rows[0]?.vector ?? sparse(), 3)).toEqual([]);

    packed.insert([{ id: 301, vector: sparse() }], 321);
    expect(packed.vectors([301]).size).toBe(1);
    expect(packed.ensure(options)).toBe(false);
    expect(packed.count()).toBe(301);
    db.close();
  });
});
