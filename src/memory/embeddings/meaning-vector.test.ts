import { describe, expect, it } from "vitest";
import { cosineSimilarity } from "./embedder.js";
import { meaningVector, wordWeight } from "./meaning-vector.js";
import {
  parseWordVectors,
  quantizeRow,
  serializeWordVectors,
  shippedWordVectors,
} from "./word-vectors.js";

const table = shippedWordVectors();
const similarity = (a: string, b: string) =>
  cosineSimilarity(meaningVector(a, table), meaningVector(b, table));

describe("shippedWordVectors", () => {
  it("holds the frequent English words, most frequent first", () => {
    expect(table.dimensions).toBe(100);
    expect(table.size).toBe(30_000);
    expect(table.row("the")).toBe(0);
    expect(table.row("automobile")).toBeGreaterThan(table.row("car") ?? 0);
    expect(table.row("zzzqx")).toBeUndefined();
  });

  it("puts related words closer than unrelated ones", () => {
    const [car, automobile, banana] = ["car", "automobile", "banana"].map((w) => table.row(w));
    if (car === undefined || automobile === undefined || banana === undefined) throw new Error();
    expect(table.similarity(car, automobile)).toBeGreaterThan(0.6);
    expect(table.similarity(car, banana)).toBeLessThan(0.3);
    expect(table.similarity(car, car)).toBeCloseTo(1, 1);
  });
});

describe("meaningVector", () => {
  it("finds a reworded sentence closer than an unrelated one", () => {
    const question = "which physician did I see about my skin";
    const answer = "My dermatologist checked the rash on my arm.";
    const other = "The deploy pipeline failed on the staging cluster.";
    expect(similarity(question, answer)).toBeGreaterThan(similarity(question, other) + 0.2);
  });

  it("is a unit vector, or all zeros without a known word", () => {
    const vector = meaningVector("the quick brown fox", table);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect(meaningVector("zzzqx 12345 ---", table).every((value) => value === 0)).toBe(true);
  });

  it("gives the most frequent words no weight and rare words nearly full weight", () => {
    expect(wordWeight(0)).toBe(0);
    expect(wordWeight(20_000)).toBeGreaterThan(0.9);
    expect(wordWeight(500)).toBeLessThan(wordWeight(5_000));
  });
});

describe("parseWordVectors", () => {
  it("rejects a file that is not a table, with the fix", () => {
    expect(() => parseWordVectors(Buffer.from("nope"))).toThrow(/build-word-vectors/);
  });

  it("reads back what serializeWordVectors wrote, each row of length 1, clamped at ±0.5", () => {
    const rows = [
      [1, 1, 1, 1, 0, 0, 0, 0],
      [0, 0, 0, 0, 2, 2, 2, 2],
      [1, 1, 1, 1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0, 0, 0, 9],
    ];
    const matrix = new Int8Array(rows.length * 8);
    for (const [row, vector] of rows.entries()) quantizeRow(vector, matrix, row * 8);
    const words = ["alpha", "béta", "gamma", "delta"];
    const read = parseWordVectors(serializeWordVectors(words, 8, matrix));
    expect([read.size, read.dimensions, read.word(1), read.row("gamma")]).toEqual([
      4,
      8,
      "béta",
      2,
    ]);
    expect(read.similarity(0, 0)).toBeCloseTo(1, 2);
    expect(read.similarity(0, 1)).toBeCloseTo(0, 5);
    expect(read.similarity(0, 2)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(read.similarity(3, 3)).toBeCloseTo(0.25, 2); // a component of 1 is kept as 0.5
    const sum = new Float32Array(10);
    read.addTo(sum, 0, 2, 2);
    expect([...sum].map((x) => Number(x.toFixed(2)))).toEqual([0, 0, 1, 1, 1, 1, 0, 0, 0, 0]);
  });
});
