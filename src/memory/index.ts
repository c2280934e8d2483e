// Public surface of memory/: tokens, embeddings, segmentation, summaries, rollup, composition.

export type { ComposedContext, ComposeOptions } from "./compose/composer.js";
export { recallTextTokens } from "./compose/recall-block.js";
export type { PromptText } from "./compose/system-sections.js";
export { type DoctorReport, damagedIndexReport } from "./doctor/doctor.js";
export * from "./embeddings/embedder.js";
export { runEmbeddingJob } from "./embeddings/embedding-job.js";
export * from "./embeddings/local-embedder.js";
export { createRemoteEmbedder } from "./embeddings/remote-embedder.js";
export { MemoryEngine, type MemoryEngineOptions } from "./memory-engine.js";
export type { MemoryConfig, SummaryModel } from "./pipeline-context.js";
export { buildRecallText } from "./recall/auto-recall.js";
export { DEFAULT_RECALL_TUNING, type RecallFilters } from "./recall/recall.js";
export { rerankByVector } from "./recall/vector-rerank.js";
export * from "./text/count-tokens.js";
export * from "./text/message-text.js";
export * from "./text/token-count-thread.js";
export * from "./text/truncate-text.js";
export type { TurnPromptOptions, TurnRecall } from "./turn-prompt.js";
export { WORKING_MEMORY_KEEPER_MARKER } from "./working-memory/working-memory-prompt.js";
export type { WorkingMemoryState } from "./working-memory/working-memory-state.js";
export type { WorkingMemoryView } from "./working-memory/working-memory-store.js";
