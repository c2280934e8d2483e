// The measurements of a size run that need the memory engine open: pipeline, compression,
// segmentation, reachability, recall, compose and per-turn overhead, in an order where the
// appended turns (last) cannot disturb the figures taken on the imported history.
import type { Config } from "../src/config/index.js";
import { createLocalEmbedder, type MemoryEngine } from "../src/memory/index.js";
import type { AgentStore } from "../src/store/index.js";
import { composeAfterNewMessage, composeUnchanged } from "./measures/compose-latency.js";
import { measureCompression } from "./measures/compression.js";
import { measureDecisions } from "./measures/decisions.js";
import { measurePerTurnOverhead } from "./measures/per-turn-overhead.js";
import { measureFactSurvival, measureReachability } from "./measures/reachability.js";
import { measureRecallQuality } from "./measures/recall-quality.js";
import { scoreSegmentation } from "./measures/segmentation-quality.js";
import type { SizeResult } from "./report/results-schema.js";
import {
  BOUNDARY_TOLERANCE,
  BUDGETS,
  COMPOSE_NEW_MESSAGE_CALLS,
  COMPOSE_UNCHANGED_CALLS,
  PER_TURN_TURNS,
  REACH_BUDGETS,
  RECALL_K,
  RECALL_MAX_FACTS,
  type SizeJob,
} from "./size-job.js";
import { extraTurns } from "./support/extra-turns.js";
import { rssMb } from "./support/memory-usage.js";
import { progress } from "./support/progress.js";
import { summarizeLatencies } from "./support/stats.js";
import type { Truth } from "./support/truth-file.js";

export interface MeasureMemoryOptions {
  job: SizeJob;
  truth: Truth;
  memory: MemoryEngine;
  store: AgentStore;
  config: Config;
  scope: string;
}

export type MemoryFigures = Pick<
  SizeResult,
  | "pipeline"
  | "perTurn"
  | "compose"
  | "recallLatency"
  | "recallStages"
  | "compression"
  | "recallQuality"
  | "reachability"
  | "factSurvival"
  | "decisions"
  | "segmentation"
> & {
  history: Omit<SizeResult["history"], "bytes">;
  rssAfterPipeline: number;
};

async function runPipeline(options: MeasureMemoryOptions) {
  const phases: Record<string, number> = {};
  const started = performance.now();
  // Until the worker reports its first phase: the heal and the working-memory catch-up, which
  // report nothing (they were counted in "embed" before; at 1M they were 235 s of it).
  let phase = "prepare";
  let phaseStart = started;
  await options.memory.runUntilIdle((update) => {
    if (update.phase === phase) return;
    const now = performance.now();
    if (phase) phases[phase] = Math.round((phases[phase] ?? 0) + now - phaseStart);
    progress(options.scope, `pipeline: ${update.phase}`);
    [phase, phaseStart] = [update.phase, now];
  });
  const ms = performance.now() - started;
  if (phase) phases[phase] = Math.round((phases[phase] ?? 0) + performance.now() - phaseStart);
  return { ms: Math.round(ms), phases };
}

function segmentation(options: MeasureMemoryOptions) {
  const session = options.store.sessionLog.sessionId;
  const starts = options.store.segments
    .list(session)
    .filter((segment) => segment.level === 0)
    .map((segment) => segment.seqStart);
  return scoreSegmentation({
    messageCount: options.truth.messageCount,
    reference: options.truth.topicBoundaries,
    hypothesis: starts,
    tolerance: BOUNDARY_TOLERANCE,
  });
}

/** Turns and single messages to append, dated an hour after the history's last message. */
function appendedMessages(options: MeasureMemoryOptions) {
  const { store, job } = options;
  const last = store.messages.history(store.sessionLog.sessionId, { limit: 1 }).messages[0];
  const startTs = new Date(
    Date.parse(last?.ts ?? "2026-01-01T00:00:00Z") + 3_600_000,
  ).toISOString();
  const turns = extraTurns({ seed: job.seed + 1, messages: 400, startTs }).slice(0, PER_TURN_TURNS);
  const lastTurnTs = turns.at(-1)?.at(-1)?.ts ?? startTs;
  const singles = extraTurns({
    seed: job.seed + 2,
    messages: COMPOSE_NEW_MESSAGE_CALLS * 4,
    startTs: new Date(Date.parse(lastTurnTs) + 3_600_000).toISOString(),
  })
    .flat()
    .filter((message) => message.role !== "tool" && !message.toolCalls)
    .slice(0, COMPOSE_NEW_MESSAGE_CALLS);
  return { turns, singles };
}

export async function measureMemory(options: MeasureMemoryOptions): Promise<MemoryFigures> {
  const { memory, store, config, truth, scope } = options;
  progress(scope, "memory pipeline (local embedder, extractive summaries)");
  const pipeline = await runPipeline(options);
  const rssAfterPipeline = rssMb();
  progress(scope, `pipeline ${(pipeline.ms / 1000).toFixed(1)} s; RSS ${rssAfterPipeline} MB`);
  const stats = store.messages.sessionStats(store.sessionLog.sessionId);
  // Before the appended turns below can add decisions of their own.
  const decisions = measureDecisions(store, truth);
  const compression = await measureCompression({ memory, store, config, budgets: BUDGETS });
  const reachability = [];
  for (const budget of REACH_BUDGETS)
    reachability.push(await measureReachability({ memory, store, config, truth, budget }));
  // As the daemon does in the background after it starts: recall's common words' index.
  const warming = performance.now();
  store.messages.words.warmAll();
  const warmed = ((performance.now() - warming) / 1000).toFixed(1);
  progress(scope, `word index ${warmed} s, ${(store.messages.words.bytes / 1e6).toFixed(0)} MB`);
  progress(scope, "recall quality: FTS-only, vector-only, hybrid");
  const embedder = createLocalEmbedder();
  const recall = await measureRecallQuality({
    ...{ store, embedder, memory, truth },
    k: RECALL_K,
    maxFacts: RECALL_MAX_FACTS,
  });
  progress(scope, "compose latency, per-turn overhead");
  const unchanged = await composeUnchanged({ memory, store, config }, COMPOSE_UNCHANGED_CALLS);
  const { turns, singles } = appendedMessages(options);
  const perTurn = await measurePerTurnOverhead({ memory, store, turns });
  const newMessage = await composeAfterNewMessage({ memory, store, config }, singles);
  return {
    history: {
      messages: stats.count,
      tokens: stats.tokens,
      facts: truth.facts.length,
      topicBoundaries: truth.topicBoundaries.length,
    },
    pipeline,
    rssAfterPipeline,
    compression,
    segmentation: segmentation(options),
    reachability,
    factSurvival: measureFactSurvival(store, truth),
    decisions,
    recallQuality: recall.quality,
    recallLatency: summarizeLatencies(recall.latencies),
    recallStages: recall.stages,
    compose: { unchanged, newMessage },
    perTurn,
  };
}
