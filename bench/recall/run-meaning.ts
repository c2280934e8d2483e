// `npx tsx bench/recall/run-meaning.ts`: what the shipped word vectors (data/word-vectors/) can
// find by meaning alone, at their best: every message's meaning vector against the question's,
// nearest first over the whole conversation (a KNN, no words shared needed), on LoCoMo-Plus dev
// and ops-dev reworded (and LoCoMo dev for contrast), in several weightings: plain mean, SIF
// (Arora et al. 2017) at two `a`, SIF with the conversation's common component removed, and the
// heads of 1,000 or 3,000 characters. Prints recall @5 / @10 per weighting (ADR 0004, round 19).

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeVector } from "../../src/memory/embeddings/embedder.js";
import { shippedWordVectors, type WordVectors } from "../../src/memory/embeddings/word-vectors.js";
import { meaningAlone } from "./meaning-alone.js";
import { type Conversation, loadLocomo, loadLocomoPlus, loadOps } from "./yardstick-data.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WORD = /\p{L}+/gu;

interface Weighting {
  name: string;
  /** SIF's a (0: every word weighs 1). */
  a: number;
  skipTop: number;
  chars: number;
  common: boolean;
}

const WEIGHTINGS: Weighting[] = [
  { name: "mean", a: 0, skipTop: 0, chars: 1000, common: false },
  { name: "sif a=1e-3 (shipped)", a: 1e-3, skipTop: 40, chars: 1000, common: false },
  { name: "sif a=1e-4", a: 1e-4, skipTop: 40, chars: 1000, common: false },
  { name: "sif a=1e-3 + common removed", a: 1e-3, skipTop: 40, chars: 1000, common: true },
  { name: "sif a=1e-4 + common removed", a: 1e-4, skipTop: 40, chars: 1000, common: true },
  {
    name: "sif a=1e-3, 3000 chars + common removed",
    a: 1e-3,
    skipTop: 40,
    chars: 3000,
    common: true,
  },
];

function embed(text: string, table: WordVectors, w: Weighting): Float32Array {
  const vector = new Float32Array(table.dimensions);
  for (const match of text.slice(0, w.chars).toLowerCase().matchAll(WORD)) {
    const row = table.row(match[0]);
    if (row === undefined || row < w.skipTop) continue;
    const p = 0.1 / (row + 1);
    table.addTo(vector, row, w.a > 0 ? w.a / (w.a + p) : 1);
  }
  return normalizeVector(vector);
}

const sets: Array<[string, Conversation[]]> = [
  ["locomo-plus", loadLocomoPlus(ROOT)],
  ["ops-reworded", loadOps(ROOT, 1)],
  ["locomo", loadLocomo(ROOT)],
];
const lines = [`| weighting | ${sets.map(([s]) => `${s} @5 / @10`).join(" | ")} |`];
lines.push(`|---|${sets.map(() => "---:").join("|")}|`);
const table = shippedWordVectors();
for (const w of WEIGHTINGS) {
  const cells: string[] = [];
  for (const [set, conversations] of sets) {
    const vectorsOf = (_kind: string, texts: string[]) => texts.map((t) => embed(t, table, w));
    cells.push(await meaningAlone(conversations, set, vectorsOf, w.common));
  }
  lines.push(`| ${w.name} | ${cells.join(" | ")} |`);
}
process.stdout.write(`${lines.join("\n")}\n`);
