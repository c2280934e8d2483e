// What every memory pipeline job receives: the store, settings, collaborators and a stop signal.
// Types only.
import type { Config } from "../config/index.js";
import type { Clock } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { ModelClient } from "../model/index.js";
import type { AgentStore } from "../store/index.js";
import type { Embedder } from "./embeddings/embedder.js";
import type { CircuitBreaker } from "./summaries/circuit-breaker.js";

/** The model that writes summaries; null = extractive only (no model configured). */
export interface SummaryModel {
  client: ModelClient;
  model: string;
}

/** The settings memory reads; a full Config satisfies it. */
export type MemoryConfig = Pick<
  Config,
  | "agentDir"
  | "maxContextTokens"
  | "summaryBudget"
  | "summaryWaitMs"
  | "maxToolResultChars"
  | "segmentation"
  | "rollupFanout"
  | "summaryConcurrency"
  | "summaryTimeoutMs"
  | "workingMemory"
  | "autoRecall"
  | "recallAssist"
>;

export interface PipelineContext {
  store: AgentStore;
  config: MemoryConfig;
  embedder: Embedder;
  summaryModel: SummaryModel | null;
  breaker: CircuitBreaker;
  logger: Logger;
  clock: Clock;
  /** Aborted by `stop()`: jobs finish the item at hand and return. */
  signal: AbortSignal;
  /** Called after each write to the index, so caches invalidate and listeners hear of it. */
  onWrite(): void;
}
