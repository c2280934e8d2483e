// The embedding port: text in, unit vectors out. Implementations: local-embedder.ts (built in)
// and a model-backed one elsewhere. Pure: no I/O here.

export { normalizeVector } from "../../kernel/index.js";

/**
 * Turns texts into vectors for topic-shift detection and recall.
 *
 * Contract:
 * - `embed(texts)` resolves to exactly one vector per input, in order, each `dimensions` long and
 *   L2-normalized (length 1), or all zeros when a text has nothing to embed (empty, only
 *   stopwords) or could not be embedded.
 * - It never rejects because of one bad item: an oversized or refused input is split/halved or
 *   gets a zero vector, so one message can never stall the pipeline (LESSONS #1). It may reject
 *   when the whole backend is unreachable; callers retry later.
 * - `fingerprint` names the model and its settings; vectors from different fingerprints are never
 *   compared (a change re-embeds in the background).
 */
export interface Embedder {
  readonly fingerprint: string;
  readonly dimensions: number;
  /** Texts per `embed` call the embedding job should send (default 256). */
  readonly batchSize?: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/**
 * True for the built-in `local` embedder (a hashed bag of words): recall never searches its
 * vectors by nearest neighbour (it would find only what FTS finds, plus hash collisions), it
 * re-embeds the FTS candidates instead; so its vectors are stored packed, not in a searched table.
 */
export function isLexicalEmbedder(fingerprint: string): boolean {
  return fingerprint.startsWith("local-hash");
}

/** How the store keeps an embedder's vectors (VectorIndex.ensure). */
export function vectorStorageFor(embedder: Embedder): {
  fingerprint: string;
  dimensions: number;
  searched: boolean;
} {
  return {
    fingerprint: embedder.fingerprint,
    dimensions: embedder.dimensions,
    searched: !isLexicalEmbedder(embedder.fingerprint),
  };
}

/** Cosine similarity in [-1, 1]; 0 when either vector is zero. Vectors must have equal length. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
