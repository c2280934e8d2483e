// Recall in three modes for the quality comparison: the lexical leg alone, the vector leg alone,
// and the product's hybrid results. The legs come from recall itself (`memory.recallLegs`), not a
// replica, so the figures follow the ranking as it changes; hybrid is `memory.recall`.
import {
  DEFAULT_RECALL_TUNING,
  type Embedder,
  type MemoryEngine,
  rerankByVector,
} from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";

export type RecallMode = "fts" | "vector" | "hybrid";
export const RECALL_MODES: readonly RecallMode[] = ["fts", "vector", "hybrid"];

/** Vector candidates the stage timing asks for (recall's own figure, with a model embedder). */
const VECTOR_CANDIDATES = 50;

export interface RankedRange {
  session: string;
  seqStart: number;
  seqEnd: number;
  /** The fused score (hybrid only: the legs give ranks, not scores). */
  score?: number;
}

/** Ranked message ids as one-message ranges, best first, at most `k`. */
function toRanges(store: AgentStore, ids: readonly number[], k: number): RankedRange[] {
  const byId = new Map(store.messages.byIds(ids.slice(0, k)).map((m) => [m.id, m]));
  return ids.slice(0, k).flatMap((id) => {
    const message = byId.get(id);
    return message
      ? [{ session: message.session, seqStart: message.seq, seqEnd: message.seq + 1 }]
      : [];
  });
}

export interface RecallAllModesOptions {
  store: AgentStore;
  embedder: Embedder;
  memory: MemoryEngine;
  query: string;
  k: number;
}

/** The ranges of each mode, and the two stages every query runs, timed apart. */
export interface AllModesResult {
  ranges: Record<RecallMode, RankedRange[]>;
  ftsMs: number;
  vectorMs: number;
}

/**
 * The two stages recall runs, timed apart: the FTS5 query for its candidates, and the vector leg
 * as recall runs it — with the `local` embedder, the candidates re-ordered by words and meaning
 * (ADR 0004); with a model embedder, the KNN.
 */
async function timeStages(options: RecallAllModesOptions) {
  const { store, embedder, query } = options;
  const started = performance.now();
  const hits = store.messages.search(query, { k: DEFAULT_RECALL_TUNING.ftsCandidates });
  const ftsDone = performance.now();
  if (embedder.fingerprint.startsWith("local-hash")) {
    const ids = hits.map((hit) => hit.id);
    await rerankByVector({ store, embedder }, query, ids, {
      meaning: DEFAULT_RECALL_TUNING.meaning,
      keep: VECTOR_CANDIDATES,
    });
  } else if (!store.vectors.isEmpty()) {
    const [vector] = await embedder.embed([query]);
    if (vector?.some((value) => value !== 0)) store.vectors.nearest(vector, VECTOR_CANDIDATES);
  }
  return { ftsMs: ftsDone - started, vectorMs: performance.now() - ftsDone };
}

export async function recallAllModes(options: RecallAllModesOptions): Promise<AllModesResult> {
  const { store, memory, query, k } = options;
  const stages = await timeStages(options);
  const legs = await memory.recallLegs({ query, k });
  const final = await memory.recall({ query, k });
  return {
    ranges: {
      fts: toRanges(store, legs.fts, k),
      vector: toRanges(store, legs.vectors, k),
      hybrid: final.results.map(({ session, seqStart, seqEnd, score }) => ({
        session,
        seqStart,
        seqEnd,
        score,
      })),
    },
    ...stages,
  };
}
