import { describe, expect, it } from "vitest";
import { cosineSimilarity, normalizeVector } from "./embedder.js";
import { createLocalEmbedder } from "./local-embedder.js";

const embedder = createLocalEmbedder();

async function embedOne(text: string): Promise<Float32Array> {
  const [vector] = await embedder.embed([text]);
  return vector!;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

describe("createLocalEmbedder", () => {
  it("names its settings in the fingerprint", () => {
    expect(embedder.fingerprint).toBe("local-hash-v1-384");
    expect(embedder.dimensions).toBe(384);
    expect(createLocalEmbedder({ dimensions: 64 }).fingerprint).toBe("local-hash-v1-64");
    expect(() => createLocalEmbedder({ dimensions: 0 })).toThrow();
  });

  it("returns one unit vector of the right length per text, in order", async () => {
    const vectors = await embedder.embed(["alpha beta", "gamma delta epsilon", "zeta"]);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(384);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
    expect(vectors[0]).toEqual(await embedOne("alpha beta"));
  });

  it("is deterministic across instances", async () => {
    const other = createLocalEmbedder();
    const text = "The migration of db-03 failed at 06:09 with KX-4471";
    const [fromOther] = await other.embed([text]);
    expect(fromOther).toEqual(await embedOne(text));
  });

  it("gives a zero vector to texts with nothing to embed", async () => {
    for (const text of ["", "   ", "the and of it is", "!!! ???"]) {
      expect(norm(await embedOne(text))).toBe(0);
    }
  });

  it("ignores case, so identifiers match however they are written", async () => {
    expect(await embedOne("ticket KX-4471 is open")).toEqual(
      await embedOne("Ticket kx-4471 IS OPEN"),
    );
  });

  it("scores texts on the same topic well above unrelated ones", async () => {
    const query = await embedOne("The postgres migration on db-03 failed with a lock timeout");
    const related = await embedOne("db-03 migration timed out again: postgres lock held by vacuum");
    const unrelated = await embedOne("Plan the birthday party menu: cake, balloons and music");
    expect(cosineSimilarity(query, related)).toBeGreaterThan(0.3);
    expect(cosineSimilarity(query, unrelated)).toBeLessThan(0.1);
  });

  it("weighs a shared identifier more than a shared common word", async () => {
    const query = await embedOne("restart server db-03");
    const sameIdentifier = await embedOne("db-03 disk nearly full");
    const sameWord = await embedOne("server room temperature");
    expect(cosineSimilarity(query, sameIdentifier)).toBeGreaterThan(
      cosineSimilarity(query, sameWord),
    );
  });

  it("uses word order through bigrams", async () => {
    const query = await embedOne("memory leak worker pool");
    const sameOrder = await embedOne("memory leak found in the worker pool");
    const scrambled = await embedOne("pool worker found leak memory");
    expect(cosineSimilarity(query, sameOrder)).toBeGreaterThan(cosineSimilarity(query, scrambled));
  });

  it("embeds only the head of a very long text", async () => {
    const head = "kubernetes ingress certificate renewal ".repeat(200);
    const long = head + "completely different vocabulary about gardening tomatoes ".repeat(2_000);
    expect(await embedOne(long)).toEqual(await embedOne(long.slice(0, 8_000)));
  });
});

describe("normalizeVector", () => {
  it("scales to unit length and leaves zero vectors alone", () => {
    expect(Array.from(normalizeVector(new Float32Array([3, 4])))).toEqual([
      expect.closeTo(0.6, 6),
      expect.closeTo(0.8, 6),
    ]);
    expect(Array.from(normalizeVector(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});
