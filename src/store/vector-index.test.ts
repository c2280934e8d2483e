// Vector storage: int8 directions, and a table of the older float format re-embedded.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { openDatabase, setMeta } from "./database.js";
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

describe("the vector index", () => {
  it("stores one byte per dimension and finds the nearest by direction", () => {
    const db = database();
    const vectors = new VectorIndex(db);
    vectors.ensure({ fingerprint: "test", dimensions: 4 });
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
    expect(vectors.ensure({ fingerprint: "test", dimensions: 4 })).toBe(true);
    expect(vectors.cursor()).toBe(0);
    expect(vectors.ensure({ fingerprint: "test", dimensions: 4 })).toBe(false);
    db.close();
  });
});
