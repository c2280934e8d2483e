// Public surface of model/: the model port, the OpenAI-compatible adapters and prompt caching.
// The `openai` SDK lives only in this folder; none of its types cross this file.
export { applyCacheControl, shouldApplyCacheControl } from "./apply-cache-control.js";
export { halveText, replaceLoneSurrogates } from "./halve-text.js";
export type {
  ChatMessage,
  ImagePart,
  ModelClient,
  ModelEvent,
  ModelRequest,
} from "./model-client.js";
export { collectResponse } from "./model-client.js";
export { createOpenAiCompatibleClient } from "./openai-compatible-client.js";
export type { EmbeddingClient } from "./openai-embedding-client.js";
export { createOpenAiEmbeddingClient } from "./openai-embedding-client.js";
export type { Transcriber } from "./openai-transcriber.js";
export { createOpenAiTranscriber } from "./openai-transcriber.js";
export { displayEndpoint } from "./to-model-error.js";
