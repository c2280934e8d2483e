// The built-in embedder's leg of recall: the FTS candidates re-ordered by their similarity to the
// query, half by the stored hashed vectors (which words they share), half by meaning (the
// frequency-weighted mean of their words' GloVe vectors, computed here from the head of each
// candidate's text). Reads only the candidates, so the cost does not grow with the history.
// docs/decisions/0004-recall-ranking.md
import type { AgentStore } from "../../store/index.js";
import { cosineSimilarity, type Embedder } from "../embeddings/embedder.js";
import { meaningVector } from "../embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../embeddings/word-vectors.js";
import { messageText } from "../text/message-text.js";

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
}

/** Cosine of the query's meaning to each candidate's, by id (0 without known words). */
function meaningSimilarities(
  deps: VectorRerankDependencies,
  query: string,
  candidates: readonly number[],
): Map<number, number> {
  const table = deps.wordVectors ?? shippedWordVectors();
  const target = meaningVector(query, table);
  const result = new Map<number, number>();
  if (target.every((value) => value === 0)) return result;
  for (const message of deps.store.messages.byIds([...candidates])) {
    result.set(message.id, cosineSimilarity(target, meaningVector(messageText(message), table)));
  }
  return result;
}

/**
 * The candidates by blended similarity to the query, best first, at most `keep`; ties by id. No
 * candidate, or a query with nothing to embed, gives an empty ranking (the leg abstains).
 */
export async function rerankByVector(
  deps: VectorRerankDependencies,
  query: string,
  candidates: readonly number[],
  options: VectorRerankOptions,
): Promise<number[]> {
  if (candidates.length === 0) return [];
  const [vector] = await deps.embedder.embed([query]);
  if (!vector || vector.every((value) => value === 0)) return [];
  const stored = deps.store.vectors.vectors([...candidates]);
  const meaning = options.meaning > 0 ? meaningSimilarities(deps, query, candidates) : new Map();
  return candidates
    .flatMap((id) => {
      const other = stored.get(id);
      if (!other || other.length !== vector.length) return [];
      const lexical = cosineSimilarity(vector, other);
      const sense = meaning.get(id) ?? 0;
      return [{ id, similarity: (1 - options.meaning) * lexical + options.meaning * sense }];
    })
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, options.keep)
    .map((entry) => entry.id);
}
