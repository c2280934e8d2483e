// The Embedder for `embeddingModel` values other than `local`: a model on the OpenAI-compatible
// endpoint, through model/'s EmbeddingClient. Inputs it cannot embed become zero vectors.
import type { Logger } from "../../log/index.js";
import { createOpenAiEmbeddingClient, type EmbeddingClient } from "../../model/index.js";
import { safeSlice } from "../text/truncate-text.js";
import { type Embedder, normalizeVector } from "./embedder.js";

export type CreateRemoteEmbedderOptions =
  | { baseUrl: string; apiKey: string | null; model: string; logger: Logger; dimensions?: number }
  | { client: EmbeddingClient; dimensions?: number };

/** Only the head of a long message is embedded: it carries the topic and bounds the cost. */
const MAX_EMBEDDED_CHARS = 8_000;
/**
 * Texts per embed() call: a provider round trip costs the same for 1 or 2,048 inputs, and the
 * client packs them into requests at the provider's limits. A 20k-message build with a 300 ms
 * endpoint made 80 sequential requests at 256 texts a call, 10 at 2,048.
 */
const BATCH_TEXTS = 2_048;

/**
 * An embedder backed by an embedding model. Its vector length is learned from the first response
 * (`dimensions` is 0 until then; the embedding job probes when it needs it) unless given.
 * `embed` follows the Embedder contract: rejected or empty inputs get zero vectors; it rejects
 * only when the endpoint is unreachable or refuses the model (the worker retries later).
 * The fingerprint `remote:<model>` is stable, so restarts never re-embed.
 */
export function createRemoteEmbedder(options: CreateRemoteEmbedderOptions): Embedder {
  const client =
    "client" in options
      ? options.client
      : createOpenAiEmbeddingClient({
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          model: options.model,
          logger: options.logger,
        });
  let dimensions = options.dimensions ?? 0;
  return {
    fingerprint: `remote:${client.model}`,
    batchSize: BATCH_TEXTS,
    get dimensions() {
      return dimensions;
    },
    async embed(texts) {
      const vectors = await client.embed(
        texts.map((text) => safeSlice(text, 0, MAX_EMBEDDED_CHARS)),
      );
      if (dimensions === 0) dimensions = vectors.find((vector) => vector !== null)?.length ?? 0;
      return vectors.map((vector) => {
        const result = new Float32Array(dimensions);
        if (vector && vector.length === dimensions) result.set(vector);
        return normalizeVector(result);
      });
    },
  };
}
