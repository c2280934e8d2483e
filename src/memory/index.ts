// Public surface of memory/: tokens, embeddings, segmentation, summaries, rollup, composition.

export {
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitState,
} from "./circuit-breaker.js";
export { type ComposedContext, type ComposeOptions, RECALL_MAX_TOKENS } from "./composer.js";
export * from "./count-tokens.js";
export type { MemoryDescription, SessionCoverage } from "./describe-memory.js";
export type { DoctorCheck, DoctorFinding, DoctorReport, DoctorSeverity } from "./doctor.js";
export * from "./embedder.js";
export type { ExpandedChild, ExpandOptions, ExpandResult } from "./expand.js";
export * from "./local-embedder.js";
export { MemoryEngine, type MemoryEngineOptions } from "./memory-engine.js";
export type { PipelinePhase, PipelineProgress, ProgressListener } from "./memory-worker.js";
export * from "./message-text.js";
export type { MemoryConfig, SummaryModel } from "./pipeline-context.js";
export { fuseRankings, type RecallFilters, type RecallOptions, turnRange } from "./recall.js";
export { type CreateRemoteEmbedderOptions, createRemoteEmbedder } from "./remote-embedder.js";
export * from "./truncate-text.js";
export { WORKING_MEMORY_KEEPER_MARKER } from "./working-memory-prompt.js";
export type { WorkingMemoryState } from "./working-memory-state.js";
export type { WorkingMemoryView } from "./working-memory-store.js";
