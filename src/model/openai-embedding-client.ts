// Embeddings from an OpenAI-compatible endpoint. One bad input never fails the others (LESSONS
// #1): a rejected batch is split in halves, a rejected single input is shortened, and an input
// that still fails becomes null. Transient failures throw so the caller can retry later.
import OpenAI, { APIUserAbortError } from "openai";
import { z } from "zod";
import { ModelError, runPool } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { halveText, replaceLoneSurrogates } from "./halve-text.js";
import { toModelError } from "./to-model-error.js";

/** Turns texts into vectors. The port memory/ depends on; `model` feeds the embedder fingerprint. */
export interface EmbeddingClient {
  readonly model: string;
  /**
   * One vector per text, in order; null for an empty text or one the server rejects even after
   * halving it 4 times. Throws a ModelError on transient failures (429, 5xx, network:
   * `isRetryable`), on refusals that are not about the input (401, 404), and
   * `KERN_MODEL_CANCELLED` on abort.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<Array<number[] | null>>;
}

export interface OpenAiEmbeddingClientOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Inputs per request at most; default DEFAULT_EMBEDDING_BATCH_SIZE. */
  batchSize?: number;
  /** Characters per request at most (a single longer input goes alone); default 600,000. */
  batchChars?: number;
  /** One request's time limit; default 60 s. */
  timeoutMs?: number;
  logger: Logger;
}

/**
 * OpenAI's limits per embeddings request: 2,048 inputs and 300k tokens. 600k characters stay
 * under the token limit for text (~4 characters a token; code and numbers ~3). A server with
 * lower limits answers 400/413 and the batch is halved (below), so the ceiling only costs one
 * extra call there. A 20k-message history went from 313 requests (64 a request) to one per
 * embedding-job batch.
 */
export const DEFAULT_EMBEDDING_BATCH_SIZE = 2048;
const DEFAULT_EMBEDDING_BATCH_CHARS = 600_000;
/** Requests in flight for one embed() call: a round trip dominates, so overlap a few. */
const REQUESTS_AT_ONCE = 4;

/** Statuses by which servers say "this input is too long or malformed". */
const REJECTED_STATUSES = new Set([400, 413, 422]);

/** Each halving drops half the text; after 4 only 1/16 is left, not worth embedding further. */
const MAX_HALVINGS = 4;

const embeddingResponseSchema = z.object({
  data: z.array(
    z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) }),
  ),
});

interface Item {
  index: number;
  text: string;
}

interface EmbedContext {
  sdk: OpenAI;
  model: string;
  logger: Logger;
  signal: AbortSignal | undefined;
  results: Array<number[] | null>;
}

/** Creates the client. No request is made until `embed` is called. */
export function createOpenAiEmbeddingClient(
  options: OpenAiEmbeddingClientOptions,
): EmbeddingClient {
  const sdk = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? "not-needed",
    maxRetries: 0,
    timeout: options.timeoutMs ?? 60_000,
    logLevel: "off",
  });
  const logger = options.logger.child({ component: "embeddings", model: options.model });
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE);
  const batchChars = Math.max(1, options.batchChars ?? DEFAULT_EMBEDDING_BATCH_CHARS);
  return {
    model: options.model,
    async embed(texts, signal) {
      const results: Array<number[] | null> = texts.map(() => null);
      const context: EmbedContext = { sdk, model: options.model, logger, signal, results };
      const items = texts
        .map((text, index) => ({ index, text: replaceLoneSurrogates(text) }))
        .filter((item) => item.text.trim().length > 0);
      const batches = packBatches(items, batchSize, batchChars);
      await runPool(batches, REQUESTS_AT_ONCE, (batch) => embedItems(batch, context));
      return results;
    },
  };
}

/** Consecutive batches of at most `size` items and `chars` characters (one item at least). */
function packBatches(items: readonly Item[], size: number, chars: number): Item[][] {
  const batches: Item[][] = [];
  let batch: Item[] = [];
  let length = 0;
  for (const item of items) {
    if (batch.length > 0 && (batch.length >= size || length + item.text.length > chars)) {
      batches.push(batch);
      [batch, length] = [[], 0];
    }
    batch.push(item);
    length += item.text.length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function requestVectors(texts: string[], context: EmbedContext): Promise<number[][]> {
  const { sdk, model, signal } = context;
  let body: unknown;
  try {
    body = await sdk.embeddings.create(
      { model, input: texts, encoding_format: "float" },
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof APIUserAbortError || signal?.aborted) {
      throw new ModelError("KERN_MODEL_CANCELLED", "embedding call cancelled", { cause: error });
    }
    throw toModelError(error, sdk.baseURL);
  }
  const parsed = embeddingResponseSchema.safeParse(body);
  const data = parsed.success ? [...parsed.data.data].sort((a, b) => a.index - b.index) : [];
  if (data.length !== texts.length || data.some((entry) => entry.embedding.length === 0)) {
    throw new ModelError(
      "KERN_MODEL_BAD_RESPONSE",
      `embedding endpoint sent ${data.length} usable vectors for ${texts.length} inputs; check embeddingModel in .kern/config.json`,
    );
  }
  return data.map((entry) => entry.embedding);
}

function isInputRejection(error: unknown): boolean {
  return error instanceof ModelError && error.code === "KERN_MODEL_HTTP"
    ? REJECTED_STATUSES.has(error.status ?? 0)
    : false;
}

async function embedItems(items: Item[], context: EmbedContext): Promise<void> {
  try {
    const vectors = await requestVectors(
      items.map((item) => item.text),
      context,
    );
    items.forEach((item, position) => {
      context.results[item.index] = vectors[position] ?? null;
    });
    return;
  } catch (error) {
    if (!isInputRejection(error)) throw error;
  }
  const [single] = items;
  if (items.length === 1 && single) {
    await embedShortened(single, context);
    return;
  }
  const middle = Math.ceil(items.length / 2);
  await embedItems(items.slice(0, middle), context);
  await embedItems(items.slice(middle), context);
}

async function embedShortened(item: Item, context: EmbedContext): Promise<void> {
  let text = item.text;
  for (let halving = 1; halving <= MAX_HALVINGS; halving += 1) {
    text = halveText(text);
    if (text.trim().length === 0) break;
    try {
      const [vector] = await requestVectors([text], context);
      context.results[item.index] = vector ?? null;
      context.logger.debug(
        { index: item.index, halving, length: text.length },
        "embedding input shortened",
      );
      return;
    } catch (error) {
      if (!isInputRejection(error)) throw error;
    }
  }
  context.results[item.index] = null;
  context.logger.warn(
    { index: item.index, length: item.text.length },
    "embedding input rejected even when shortened; left without a vector",
  );
}
