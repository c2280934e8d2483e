// Recall quality on the planted facts (keyword and reworded questions) for FTS-only, vector-only
// and hybrid recall, plus negatives and updated facts; times memory.recall on the way (latency).
import type { RecallReport } from "../../src/kernel/index.js";
import type { Embedder, MemoryEngine } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";
import type { RecallQuality } from "../report/results-schema.js";
import { type LatencySummary, summarizeLatencies } from "../support/stats.js";
import type { Truth, TruthFact } from "../support/truth-file.js";
import { buildBaseline } from "./recall-baseline.js";
import { RECALL_MODES, type RecallMode, recallAllModes } from "./recall-modes.js";
import { ModeTally } from "./recall-tally.js";

export interface MeasureRecallQualityOptions {
  store: AgentStore;
  embedder: Embedder;
  memory: MemoryEngine;
  truth: Truth;
  k: number;
  /** At most this many planted facts and negatives are asked (evenly spread): bounds the run. */
  maxFacts: number;
}

/** Every n-th element so that at most `limit` remain, spread over the whole list. */
function spread<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, index) => items[Math.floor(index * step)] as T);
}

export interface RecallQualityRun {
  quality: RecallQuality;
  /** Milliseconds of each memory.recall call (hybrid, the product path). */
  latencies: number[];
  /** The FTS query and the vector ranking (embed + KNN) timed apart, once per query. */
  stages: { fts: LatencySummary; vector: LatencySummary };
}

interface Asked {
  query: string;
  fact: TruthFact;
  reworded: boolean;
}

function questions(truth: Truth, maxFacts: number): Asked[] {
  const planted = spread(
    truth.facts.filter((fact) => fact.kind !== "negative"),
    maxFacts,
  );
  const negatives = spread(
    truth.facts.filter((fact) => fact.kind === "negative"),
    maxFacts,
  );
  return [
    ...planted.flatMap((fact) => [
      { query: fact.question, fact, reworded: false },
      { query: fact.rewordedQuestion, fact, reworded: true },
    ]),
    ...negatives.map((fact) => ({ query: fact.question, fact, reworded: false })),
  ];
}

/** Each query is timed this often and its fastest time kept: interference from other work on a
 * shared machine only ever adds time. */
const TIMINGS_PER_QUERY = 3;

async function timeRecall(memory: MemoryEngine, query: string, k: number) {
  let best = Number.POSITIVE_INFINITY;
  let report: RecallReport = { query, results: [] };
  for (let attempt = 0; attempt < TIMINGS_PER_QUERY; attempt += 1) {
    const started = performance.now();
    report = await memory.recall({ query, k });
    best = Math.min(best, performance.now() - started);
  }
  return { report, ms: best };
}

export async function measureRecallQuality(
  options: MeasureRecallQualityOptions,
): Promise<RecallQualityRun> {
  const { store, embedder, memory, k } = options;
  const session = store.sessionLog.sessionId;
  const tallies = new Map(RECALL_MODES.map((mode) => [mode, new ModeTally(session)]));
  const latencies: number[] = [];
  const stages = { fts: [] as number[], vector: [] as number[] };
  const asked = questions(options.truth, options.maxFacts);
  const baseline = buildBaseline(store);
  const bm25 = new ModeTally(session);
  await memory.recall({ query: "warm up the prepared statements", k });
  for (const { query, fact, reworded } of asked) {
    const { ranges, ftsMs, vectorMs } = await recallAllModes({ store, embedder, memory, query, k });
    stages.fts.push(ftsMs);
    stages.vector.push(vectorMs);
    for (const mode of RECALL_MODES) tallies.get(mode)?.add(fact, reworded, ranges[mode]);
    if (baseline) bm25.add(fact, reworded, baseline.search(query, k));
    const { ms } = await timeRecall(memory, query, k);
    latencies.push(ms);
  }
  const quality = (mode: RecallMode) => {
    const tally = tallies.get(mode);
    if (!tally) throw new Error(`recall mode ${mode} did not run`);
    return tally.quality();
  };
  const planted = new Set(
    asked.filter((entry) => entry.fact.kind !== "negative").map((e) => e.fact),
  );
  return {
    quality: {
      k,
      facts: planted.size,
      negatives: asked.filter((entry) => entry.fact.kind === "negative").length,
      modes: {
        fts: quality("fts"),
        vector: quality("vector"),
        hybrid: quality("hybrid"),
        ...(baseline ? { bm25: bm25.quality() } : {}),
      },
    },
    latencies,
    stages: { fts: summarizeLatencies(stages.fts), vector: summarizeLatencies(stages.vector) },
  };
}
