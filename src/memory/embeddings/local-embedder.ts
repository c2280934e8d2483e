// The built-in embedder: hashed word unigram + bigram features with sublinear TF and a static
// IDF-like weight, no model and no downloads. Deterministic and pure: no I/O.

import { KernError } from "../../kernel/index.js";
import { safeSlice } from "../text/truncate-text.js";
import { type Embedder, normalizeVector } from "./embedder.js";
import { FeatureBag } from "./feature-bag.js";

export interface LocalEmbedderOptions {
  /** Vector length; 384 keeps sqlite-vec KNN fast (~50 ms at 100k vectors) with few collisions. */
  dimensions?: number;
}

/** Only the head of a long text is embedded: it carries the topic, and it bounds the cost. */
const MAX_EMBEDDED_CHARS = 8_000;

/** Words, numbers and identifiers; `db-03`, `KX-4471`, `src/a.ts`, `v1.2` stay one token. */
const TOKEN_PATTERN = /[\p{L}\p{N}]+(?:[-_.:/@#][\p{L}\p{N}]+)*/gu;
const SEPARATOR = /[-_.:/@#]/;
const DIGIT = /\d/;
const LETTER = /\p{L}/u;

// biome-ignore format: a word list reads better packed
const STOPWORDS = new Set([
  "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at",
  "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could",
  "did", "do", "does", "doing", "done", "down", "during", "each", "few", "for", "from", "further", "get",
  "got", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i", "if",
  "in", "into", "is", "it", "its", "itself", "just", "let", "like", "me", "more", "most", "my", "no",
  "nor", "not", "now", "of", "off", "ok", "okay", "on", "once", "only", "or", "other", "our", "ours",
  "out", "over", "own", "please", "same", "she", "should", "so", "some", "such", "sure", "than",
  "thanks", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
  "through", "to", "too", "under", "until", "up", "us", "very", "was", "we", "were", "what", "when",
  "where", "which", "while", "who", "whom", "why", "will", "with", "would", "yes", "you", "your",
  "yours", "yeah", "hi", "hello", "one", "much", "many", "may", "might", "must", "shall", "see",
  "make", "want", "need", "know", "think", "use", "don", "doesn", "didn", "isn", "won", "ll", "ve", "re",
]);

/**
 * A static stand-in for IDF (there is no corpus to count): longer words, identifiers mixing
 * letters and digits, and compounds like `db-03` are rarer than short plain words, so they say
 * more about the topic.
 */
function tokenWeight(token: string, compound: boolean): number {
  let weight = 0.6 + 0.1 * Math.min(token.length, 12);
  if (DIGIT.test(token)) weight += LETTER.test(token) ? 0.8 : 0.2;
  if (compound) weight += 0.4;
  return weight;
}

/** FNV-1a over UTF-16 code units, then murmur3's finalizer so low bits mix well for `% dims`. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix(hash);
}

function mix(value: number): number {
  let hash = value ^ (value >>> 16);
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function isUseful(word: string): boolean {
  return word.length > 1 && !STOPWORDS.has(word);
}

/** What a token contributes to the bag: its feature hash and weight, and its compound parts. */
interface TokenFeatures {
  hash: number;
  weight: number;
  /** The useful parts of a compound (`db-03` → `db`, `03`), hashed, at half weight. */
  parts: Array<{ hash: number; weight: number }>;
}

/** A token's features: nothing for a stopword, else its hash, weight and compound parts. */
function tokenFeatures(token: string): TokenFeatures | null {
  if (!isUseful(token)) return null;
  const compound = SEPARATOR.test(token);
  const parts = compound
    ? token
        .split(SEPARATOR)
        .filter(isUseful)
        .map((part) => ({ hash: hashString(part), weight: tokenWeight(part, false) * 0.5 }))
    : [];
  return { hash: hashString(token), weight: tokenWeight(token, compound), parts };
}

/** Unigrams (compounds also add their parts at half weight) and bigrams of adjacent kept words. */
function collectFeatures(text: string, bag: FeatureBag): void {
  bag.reset();
  let previous: TokenFeatures | null = null;
  for (const match of safeSlice(text, 0, MAX_EMBEDDED_CHARS)
    .toLowerCase()
    .matchAll(TOKEN_PATTERN)) {
    const features = tokenFeatures(match[0]);
    if (!features) continue;
    const { hash, weight } = features;
    bag.add(hash, weight);
    for (const part of features.parts) bag.add(part.hash, part.weight);
    if (previous) {
      const pair = mix(Math.imul(previous.hash, 0x9e3779b1) ^ hash ^ 0x27d4eb2f);
      bag.add(pair, 0.7 * (previous.weight + weight) * 0.5);
    }
    previous = features;
  }
}

/** Reused for every text: embedding is synchronous, so one bag is never shared. */
const BAG = new FeatureBag();

/** Signed feature hashing: each feature adds ±(1 + ln tf)·weight to one bucket, then L2-normalize. */
function embedText(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  collectFeatures(text, BAG);
  BAG.forEach((hash, count, weight) => {
    const bucket = hash % dimensions;
    const sign = mix(hash ^ 0x5bd1e995) & 1 ? 1 : -1;
    vector[bucket] = (vector[bucket] ?? 0) + sign * (1 + Math.log(count)) * weight;
  });
  return normalizeVector(vector);
}

/**
 * The `local` embedder (SPEC §4): deterministic, offline, fingerprint `local-hash-v1-<dims>`.
 * Texts without useful words (empty, only stopwords) get a zero vector. `embed` never rejects;
 * it runs synchronously inside the promise, so callers batch (a few hundred texts per call).
 */
export function createLocalEmbedder(options: LocalEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? 384;
  if (!Number.isInteger(dimensions) || dimensions < 8) {
    throw new KernError(
      "KERN_INTERNAL",
      `local embedder: dimensions must be an integer ≥ 8, got ${dimensions}`,
    );
  }
  return {
    fingerprint: `local-hash-v1-${dimensions}`,
    dimensions,
    embed: (texts) => Promise.resolve(texts.map((text) => embedText(text, dimensions))),
  };
}
