// Public surface of model/: the model port, the OpenAI-compatible adapters and prompt caching.
// The `openai` SDK lives only in this folder; none of its types cross this file.
export { applyCacheControl, shouldApplyCacheControl } from "./apply-cache-control.js";
export { halveText, replaceLoneSurrogates } from "./halve-text.js";
export type {
  ChatMessage,
  CollectedResponse,
  ModelClient,
  ModelEvent,
  ModelEventType,
  ModelRequest,
  ModelStopReason,
  TextPart,
  ToolDefinition,
} from "./model-client.js";
export { collectResponse } from "./model-client.js";
export type { OpenAiCompatibleClientOptions } from "./openai-compatible-client.js";
export { createOpenAiCompatibleClient } from "./openai-compatible-client.js";
export type { EmbeddingClient, OpenAiEmbeddingClientOptions } from "./openai-embedding-client.js";
export {
  createOpenAiEmbeddingClient,
  DEFAULT_EMBEDDING_BATCH_SIZE,
} from "./openai-embedding-client.js";
export { displayEndpoint } from "./to-model-error.js";
