// The built-in embedder's leg of recall: the FTS candidates re-ordered by their similarity to the
// query, half by the `local` embedder's hashed vectors (which words they share), half by meaning
// (the frequency-weighted mean of their words' GloVe vectors). Both are computed here from the
// head of each candidate's text, read once: re-hashing 100 heads costs less than reading 100
// vectors out of sqlite-vec's chunked table (measured at 100k messages: ~4 ms against ~35 ms),
// and gives the same ranking (LongMemEval: identical recall@5/@10 with a 3,000-character head).
// Tool outputs abstain: their bodies (CSV dumps, logs, diffs) are bulk data whose words say little
// about what was said, and hashing their heads was most of the leg's cost; they keep their FTS
// rank. Reads only the candidates, so the cost does not grow with the history.
// docs/decisions/0004-recall-ranking.md
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import { firstComponent, withoutComponent } from "../embeddings/common-component.js";
import { cosineSimilarity, type Embedder } from "../embeddings/embedder.js";
import { meaningVector } from "../embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../embeddings/word-vectors.js";
import { messageText } from "../text/message-text.js";
import type { RoleWeight } from "./speaker-prior.js";

export interface VectorRerankDependencies {
  store: AgentStore;
  embedder: Embedder;
  wordVectors?: WordVectors;
}

export interface VectorRerankOptions {
  /** Share of meaning in a candidate's similarity, 0..1 (the rest is the hashed cosine). */
  meaning: number;
  /** Candidates kept, best first. */
  keep: number;
  /** A candidate's similarity is multiplied by its speaker's weight (speaker-prior.ts). */
  roleWeight?: RoleWeight;
  /**
   * Take the candidates' common direction out of the meaning vectors (common-component.ts)
   * before comparing them with the question's.
   */
  commonComponent?: boolean;
  /** The candidates' heads when the caller has read them already (HEAD_CHARS each). */
  heads?: readonly IndexedMessage[];
}

/**
 * Characters of each candidate read for its vectors. The topic is in the head; LongMemEval
 * recall is the same at 3,000 characters as with the whole 8,000 the embedder stores (1,000
 * loses 0.007 at @5).
 */
export const HEAD_CHARS = 3_000;

/**
 * The candidates by blended similarity to the query, best first, at most `keep`; ties by id; tool
 * outputs left out. No candidate, or a query with nothing to embed, gives an empty ranking (the
 * leg abstains).
 */
export async function rerankByVector(
  deps: VectorRerankDependencies,
  query: string,
  candidates: readonly number[],
  options: VectorRerankOptions,
): Promise<number[]> {
  return (await scoreByVector(deps, query, candidates, options)).map((entry) => entry.id);
}

/** rerankByVector with each candidate's similarity (for score fusion, recall.ts). */
export async function scoreByVector(
  deps: VectorRerankDependencies,
  query: string,
  candidates: readonly number[],
  options: VectorRerankOptions,
): Promise<Array<{ id: number; similarity: number }>> {
  const heads = (options.heads ?? deps.store.messages.headsByIds([...candidates], HEAD_CHARS))
    .filter((message) => message.role !== "tool")
    .map((message) => ({ id: message.id, role: message.role, text: messageText(message) }));
  if (heads.length === 0) return [];
  const [target, ...vectors] = await deps.embedder.embed([query, ...heads.map((h) => h.text)]);
  if (!target || target.every((value) => value === 0)) return [];
  const meanings = meaningsOf(deps, query, heads, options);
  return heads
    .map((head, index) => {
      const other = vectors[index];
      const lexical = other ? cosineSimilarity(target, other) : 0;
      const meaning = meanings ? cosineSimilarity(meanings.query, meanings.heads[index] ?? []) : 0;
      const similarity = (1 - options.meaning) * lexical + options.meaning * meaning;
      return { id: head.id, similarity: similarity * (options.roleWeight?.(head.role) ?? 1) };
    })
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, options.keep);
}

/** The meaning vectors of the question and the heads, or null when meaning plays no part. */
function meaningsOf(
  deps: VectorRerankDependencies,
  query: string,
  heads: ReadonlyArray<{ text: string }>,
  options: VectorRerankOptions,
): { query: Float32Array; heads: Float32Array[] } | null {
  if (options.meaning <= 0) return null;
  const table = deps.wordVectors ?? shippedWordVectors();
  const sense = meaningVector(query, table);
  if (!sense.some((value) => value !== 0)) return null;
  const texts = heads.map((head) => meaningVector(head.text, table));
  const common = options.commonComponent ? firstComponent(texts) : null;
  if (!common) return { query: sense, heads: texts };
  return {
    query: withoutComponent(sense, common),
    heads: texts.map((vector) => withoutComponent(vector, common)),
  };
}
