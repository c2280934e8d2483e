// Public surface of memory/: tokens, embeddings, segmentation, summaries, rollup, composition.

export type { ComposedContext, ComposeOptions } from "./compose/composer.js";
export {
  RECALL_MAX_TOKENS,
  recallAllowanceTokens,
  recallTextTokens,
} from "./compose/recall-block.js";
export {
  type DoctorCheck,
  type DoctorFinding,
  type DoctorReport,
  type DoctorSeverity,
  damagedIndexReport,
} from "./doctor/doctor.js";
export * from "./embeddings/embedder.js";
export { type EmbeddingJobReport, runEmbeddingJob } from "./embeddings/embedding-job.js";
export * from "./embeddings/local-embedder.js";
export {
  type CreateRemoteEmbedderOptions,
  createRemoteEmbedder,
} from "./embeddings/remote-embedder.js";
export { MemoryEngine, type MemoryEngineOptions } from "./memory-engine.js";
export type { PipelinePhase, PipelineProgress, ProgressListener } from "./memory-worker.js";
export type { MemoryConfig, SummaryModel } from "./pipeline-context.js";
export type { MemoryDescription, SessionCoverage } from "./recall/describe-memory.js";
export type { ExpandedChild, ExpandOptions, ExpandResult } from "./recall/expand.js";
export {
  fuseRankings,
  RECALL_TUNING,
  type RecallFilters,
  type RecallOptions,
  turnRange,
} from "./recall/recall.js";
export { recallPassage } from "./recall/recall-passage.js";
export { rerankByVector } from "./recall/vector-rerank.js";
export {
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitState,
} from "./summaries/circuit-breaker.js";
export * from "./text/count-tokens.js";
export * from "./text/message-text.js";
export * from "./text/truncate-text.js";
export type { TurnPromptOptions, TurnRecall } from "./turn-prompt.js";
export { WORKING_MEMORY_KEEPER_MARKER } from "./working-memory/working-memory-prompt.js";
export type { WorkingMemoryState } from "./working-memory/working-memory-state.js";
export type { WorkingMemoryView } from "./working-memory/working-memory-store.js";
