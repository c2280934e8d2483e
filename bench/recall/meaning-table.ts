// Round 28's table (ADR 0004), for the bench only: each word's GloVe vector (the shipped table)
// beside the vector a sentence encoder gives the word alone (run-build-meaning-table.ts writes
// it to bench/recall/.cache/), each half weighing 1/√2 so a row is of length 1 again. Measured
// as the meaning leg's table and as the vector leg's; neither passed the rule, so kern does not
// ship it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  parseWordVectors,
  shippedWordVectors,
  type WordVectors,
} from "../../src/memory/embeddings/word-vectors.js";
import { type MeaningSource, wordMeaning } from "../../src/memory/recall/meaning-index.js";
import { CACHE_DIR } from "./build-agent.js";

export const TABLE_FILE = join(CACHE_DIR, "use-lite-100d-int8.bin");

/** Two tables of the same words side by side. */
class JoinedWordVectors implements WordVectors {
  readonly dimensions: number;

  constructor(
    private readonly first: WordVectors,
    private readonly second: WordVectors,
  ) {
    if (first.size !== second.size || first.word(first.size - 1) !== second.word(second.size - 1)) {
      throw new Error("the two tables hold different words: build the table again");
    }
    this.dimensions = first.dimensions + second.dimensions;
  }

  get size(): number {
    return this.first.size;
  }

  row(word: string): number | undefined {
    return this.first.row(word);
  }

  word(row: number): string {
    return this.first.word(row);
  }

  addTo(target: Float32Array, row: number, weight: number, at = 0): void {
    this.first.addTo(target, row, weight * Math.SQRT1_2, at);
    this.second.addTo(target, row, weight * Math.SQRT1_2, at + this.first.dimensions);
  }

  similarity(a: number, b: number): number {
    return (this.first.similarity(a, b) + this.second.similarity(a, b)) / 2;
  }
}

let table: { vectors: WordVectors; meaning: MeaningSource } | undefined;

/** The joined table and its meaning source (one per process: the meaning index keys on it). */
export function joinedTable(): { vectors: WordVectors; meaning: MeaningSource } {
  if (!existsSync(TABLE_FILE)) {
    throw new Error(`${TABLE_FILE} is missing: npx tsx bench/recall/run-build-meaning-table.ts`);
  }
  if (!table) {
    const vectors = new JoinedWordVectors(
      shippedWordVectors(),
      parseWordVectors(readFileSync(TABLE_FILE)),
    );
    table = { vectors, meaning: wordMeaning(vectors) };
  }
  return table;
}
