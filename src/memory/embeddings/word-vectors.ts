// The shipped word-vector table (data/word-vectors/, derived from GloVe by
// scripts/build-word-vectors.ts): unit 100-d vectors of the most frequent English words, int8,
// in frequency order. Read once per process on first use; no download, ever. The file is not
// compressed: int8 vectors barely compress (3.2 → 2.6 MB), and unzipping them was ~55 ms of every
// `kern recall` without a daemon (issue 32); read as it is, the table costs a file read and its word
// index.

import { readFileSync } from "node:fs";
import { KernError, packageFile } from "../../kernel/index.js";

const WORD_VECTORS_FILE = packageFile("data", "word-vectors", "glove-100d-int8.bin");

/** Components of unit vectors rarely pass ±0.5: int8 covers ±1 / QUANT_RANGE. */
const QUANT_RANGE = 2;
/** int8 value × this = the component of the unit vector. */
const DEQUANT = 1 / (127 * QUANT_RANGE);

export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  /** Row of `word` (its frequency rank, 0 = most frequent), or undefined when not in the table. */
  row(word: string): number | undefined;
  word(row: number): string;
  /** Adds `weight` × the unit vector of `row` to `target` (length `dimensions`), from `at`. */
  addTo(target: Float32Array, row: number, weight: number, at?: number): void;
  /** Dot product of two rows' unit vectors (their cosine). */
  similarity(a: number, b: number): number;
}

class Int8WordVectors implements WordVectors {
  private readonly rows = new Map<string, number>();

  constructor(
    private readonly words: readonly string[],
    private readonly matrix: Int8Array,
    readonly dimensions: number,
  ) {
    // An indexed loop: `words.entries()` with destructuring was ~8 ms more for 30,000 words.
    for (let row = 0; row < words.length; row += 1) this.rows.set(words[row] as string, row);
  }

  get size(): number {
    return this.words.length;
  }

  row(word: string): number | undefined {
    return this.rows.get(word);
  }

  word(row: number): string {
    return this.words[row] ?? "";
  }

  addTo(target: Float32Array, row: number, weight: number, at = 0): void {
    const offset = row * this.dimensions;
    const scale = weight * DEQUANT;
    for (let column = 0; column < this.dimensions; column += 1) {
      const into = at + column;
      target[into] = (target[into] ?? 0) + (this.matrix[offset + column] ?? 0) * scale;
    }
  }

  similarity(a: number, b: number): number {
    let dot = 0;
    const [x, y] = [a * this.dimensions, b * this.dimensions];
    for (let column = 0; column < this.dimensions; column += 1) {
      dot += (this.matrix[x + column] ?? 0) * (this.matrix[y + column] ?? 0);
    }
    return dot * DEQUANT * DEQUANT;
  }
}

/** Parses the table format of scripts/build-word-vectors.ts; throws on anything else. */
export function parseWordVectors(body: Buffer): WordVectors {
  if (body.toString("ascii", 0, 4) !== "KWV1") {
    throw new KernError(
      "KERN_INTERNAL",
      "word vectors: not a KWV1 table; rebuild it with scripts/build-word-vectors.ts",
    );
  }
  const count = body.readUInt32LE(4);
  const dimensions = body.readUInt32LE(8);
  const textBytes = body.readUInt32LE(12);
  const words = body.toString("utf8", 16, 16 + textBytes).split("\n");
  const start = 16 + textBytes;
  if (words.length !== count || body.length !== start + count * dimensions) {
    throw new KernError("KERN_INTERNAL", "word vectors: the table is truncated; rebuild it");
  }
  const matrix = new Int8Array(body.buffer, body.byteOffset + start, count * dimensions);
  return new Int8WordVectors(words, matrix, dimensions);
}

/** `vector` scaled to length 1 and quantized into `matrix` from `at` (the table's int8 rows). */
export function quantizeRow(vector: readonly number[], matrix: Int8Array, at: number): void {
  const norm = Math.hypot(...vector) || 1;
  for (const [column, value] of vector.entries()) {
    const scaled = Math.round((value / norm) * 127 * QUANT_RANGE);
    matrix[at + column] = Math.max(-127, Math.min(127, scaled));
  }
}

/**
 * A table in the KWV1 format parseWordVectors reads: "KWV1", uint32 LE word count, uint32 LE
 * dimensions, the words in row order joined by "\n" (UTF-8, length-prefixed by a uint32 LE byte
 * count), then count × dimensions int8 (quantizeRow).
 */
export function serializeWordVectors(
  words: readonly string[],
  dimensions: number,
  matrix: Int8Array,
): Buffer {
  const text = Buffer.from(words.join("\n"), "utf8");
  const header = Buffer.alloc(16);
  header.write("KWV1", 0, "ascii");
  header.writeUInt32LE(words.length, 4);
  header.writeUInt32LE(dimensions, 8);
  header.writeUInt32LE(text.length, 12);
  return Buffer.concat([
    header,
    text,
    Buffer.from(matrix.buffer, matrix.byteOffset, matrix.length),
  ]);
}

let shipped: WordVectors | undefined;

/** The table shipped with kern, loaded on first call. */
export function shippedWordVectors(): WordVectors {
  shipped ??= parseWordVectors(readFileSync(WORD_VECTORS_FILE));
  return shipped;
}
