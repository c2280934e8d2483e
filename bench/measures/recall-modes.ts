// Recall in three modes for the quality comparison: FTS-only, vector-only and hybrid. recall.ts
// has no mode switch, so this replicates its steps exactly (50 candidates per ranking, reciprocal
// rank fusion, each hit widened to its turn of at most 12 messages, overlapping ranges skipped);
// the run checks the hybrid replica against memory.recall on every query.
import type { Embedder } from "../../src/memory/index.js";
import { fuseRankings, turnRange } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";

export type RecallMode = "fts" | "vector" | "hybrid";
export const RECALL_MODES: readonly RecallMode[] = ["fts", "vector", "hybrid"];

/** Values of recall.ts: candidates per ranking and the widest turn range. */
const CANDIDATES = 50;

export interface RankedRange {
  session: string;
  seqStart: number;
  seqEnd: number;
  /** BM25 (fts), cosine similarity (vector) or the fused RRF score (hybrid). */
  score: number;
}

interface Scored {
  id: number;
  score: number;
}

async function vectorRanking(store: AgentStore, embedder: Embedder, query: string) {
  if (store.vectors.isEmpty()) return [];
  const [vector] = await embedder.embed([query]);
  if (!vector || vector.every((value) => value === 0)) return [];
  return store.vectors
    .nearest(vector, CANDIDATES)
    .filter((hit) => typeof hit.distance === "number")
    .map((hit) => ({ id: hit.id, score: 1 - hit.distance }));
}

/** Widens ranked message ids to turn ranges, best first, at most `k`, none overlapping. */
function toRanges(store: AgentStore, ranked: readonly Scored[], k: number): RankedRange[] {
  const top = ranked.slice(0, k * 4);
  const messages = new Map(
    store.messages.byIds(top.map((entry) => entry.id)).map((m) => [m.id, m]),
  );
  const results: RankedRange[] = [];
  for (const { id, score } of top) {
    const message = messages.get(id);
    if (!message) continue;
    const [seqStart, seqEnd] = turnRange(store, message.session, message.seq);
    const overlaps = results.some(
      (result) =>
        result.session === message.session && result.seqStart < seqEnd && seqStart < result.seqEnd,
    );
    if (overlaps) continue;
    results.push({ session: message.session, seqStart, seqEnd, score });
    if (results.length >= k) break;
  }
  return results;
}

export interface RecallAllModesOptions {
  store: AgentStore;
  embedder: Embedder;
  query: string;
  k: number;
}

/** The ranges recall returns with only one ranking, and with both fused (each ranking run once). */
export interface AllModesResult {
  ranges: Record<RecallMode, RankedRange[]>;
  /** Milliseconds of the two stages recall runs for every query. */
  ftsMs: number;
  vectorMs: number;
}

export async function recallAllModes(options: RecallAllModesOptions): Promise<AllModesResult> {
  const { store, embedder, query, k } = options;
  const started = performance.now();
  const text: Scored[] = store.messages
    .search(query, { k: CANDIDATES })
    .map((hit) => ({ id: hit.id, score: hit.score }));
  const ftsDone = performance.now();
  const vector = await vectorRanking(store, embedder, query);
  const vectorMs = performance.now() - ftsDone;
  const fused = fuseRankings([text.map((hit) => hit.id), vector.map((hit) => hit.id)]);
  return {
    ranges: {
      fts: toRanges(store, text, k),
      vector: toRanges(store, vector, k),
      hybrid: toRanges(
        store,
        fused.map((entry) => ({ id: entry.item, score: entry.score })),
        k,
      ),
    },
    ftsMs: ftsDone - started,
    vectorMs,
  };
}
