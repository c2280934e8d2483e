// Job 1 of the memory pipeline: embeds messages past the vector cursor, in batches, for topic
// shifts and recall. A fingerprint change drops the vectors and re-embeds everything.
import { KernError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { AgentStore } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import { type Embedder, vectorStorageFor } from "./embedder.js";

export interface EmbeddingJobOptions {
  store: AgentStore;
  embedder: Embedder;
  logger: Logger;
  /** Messages per embed call. */
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface EmbeddingJobReport {
  embedded: number;
  /** Messages that got no vector (nothing to embed, or the embedder refused them). */
  empty: number;
  /** True when the fingerprint changed and old vectors were dropped. */
  reset: boolean;
}

const DEFAULT_BATCH_SIZE = 256;

function isZero(vector: Float32Array): boolean {
  for (let index = 0; index < vector.length; index += 1) if (vector[index] !== 0) return false;
  return true;
}

/**
 * Embeds every pending message. Zero vectors are not stored (sqlite-vec ranks their null cosine
 * distance first), but the cursor passes them, so one unembeddable message never stalls the
 * pipeline (LESSONS #1). Rejects only when the embedder does (backend unreachable); vectors
 * stored before that stay, and the next run resumes at the cursor.
 */
export async function runEmbeddingJob(options: EmbeddingJobOptions): Promise<EmbeddingJobReport> {
  const { store, embedder } = options;
  // A remote embedder learns its vector length from its first answer.
  if (embedder.dimensions === 0) await embedder.embed(["dimension probe"]);
  if (embedder.dimensions === 0)
    throw new KernError(
      "KERN_EMBEDDING_FAILED",
      "the embedder returned no vector for a probe; check embeddingModel and its endpoint",
    );
  const reset = store.vectors.ensure(vectorStorageFor(embedder));
  if (reset)
    options.logger.info({ fingerprint: embedder.fingerprint }, "embedder changed; re-embedding");
  const batchSize = options.batchSize ?? embedder.batchSize ?? DEFAULT_BATCH_SIZE;
  const total = store.vectors.pendingCount();
  // Reported before the first batch, so progress (and the bench's phase times) start here.
  options.onProgress?.(0, total);
  let done = 0;
  let empty = 0;
  while (!options.signal?.aborted) {
    const pending = store.vectors.pending(batchSize);
    const last = pending.at(-1);
    if (!last) break;
    const messages = store.messages.byIds(pending.map((row) => row.id));
    messages.sort((a, b) => a.id - b.id);
    const vectors = await embedder.embed(messages.map((message) => messageText(message)));
    const rows: Array<{ id: number; vector: Float32Array }> = [];
    messages.forEach((message, index) => {
      const vector = vectors[index];
      if (vector && vector.length === embedder.dimensions && !isZero(vector)) {
        rows.push({ id: message.id, vector });
      } else empty += 1;
    });
    store.vectors.insert(rows, last.id);
    done += pending.length;
    options.onProgress?.(done, total);
  }
  return { embedded: done - empty, empty, reset };
}
