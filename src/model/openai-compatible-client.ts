// The ModelClient adapter for any OpenAI-compatible endpoint (OpenAI, OpenRouter, Ollama, ...)
// through the openai SDK. Owns retries, the idle timeout and stream assembly; it never throws
// (SG-16): every failure becomes the final `response-end` event.
import OpenAI from "openai";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { Provider } from "../config/index.js";
import type { TokenUsage, ToolCall } from "../kernel/index.js";
import { ModelError } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { applyCacheControl } from "./apply-cache-control.js";
import {
  applyChunk,
  createResponseAssembly,
  finishResponse,
  parseChatChunk,
  type ResponseAssembly,
} from "./chat-chunk.js";
import type { ModelClient, ModelEvent, ModelRequest, ModelStopReason } from "./model-client.js";
import { DEFAULT_RETRY_BASE_MS, retryDelayMs, sleep } from "./retry-policy.js";
import { toChatParams } from "./to-chat-params.js";
import { toModelError } from "./to-model-error.js";

export interface OpenAiCompatibleClientOptions {
  /** Endpoint root including `/v1`, e.g. `https://openrouter.ai/api/v1`. */
  baseUrl: string;
  /** null for servers that need none (Ollama, local servers). */
  apiKey: string | null;
  provider: Provider;
  /** A call with no headers and first chunk this long fails with KERN_MODEL_STALLED. Default 60 s. */
  firstByteTimeoutMs?: number;
  /** A stream silent this long between chunks fails with KERN_MODEL_STALLED. */
  idleTimeoutMs: number;
  /**
   * Retries of transient failures (408, 409, 429, 5xx, network) before anything streamed. A
   * timeout is never retried: a hung endpoint fails after one firstByteTimeoutMs, not minutes.
   */
  maxRetries: number;
  /** First backoff step; doubles per retry, with jitter. Default 500 ms. */
  retryBaseMs?: number;
  logger: Logger;
}

export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 60_000;

/** The SDK insists on a key; local servers ignore whatever is sent. */
const PLACEHOLDER_API_KEY = "not-needed";

type AttemptOutcome =
  | {
      kind: "done";
      stopReason: ModelStopReason;
      text: string;
      toolCalls: ToolCall[];
      usage?: TokenUsage;
    }
  | { kind: "cancelled"; text: string }
  | { kind: "failed"; text: string; error: ModelError; streamed: boolean };

interface StreamContext {
  sdk: OpenAI;
  options: OpenAiCompatibleClientOptions;
  logger: Logger;
  signal: AbortSignal;
}

/** Creates the client. No request is made until `stream` is iterated. */
export function createOpenAiCompatibleClient(options: OpenAiCompatibleClientOptions): ModelClient {
  const sdk = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? PLACEHOLDER_API_KEY,
    maxRetries: 0,
    logLevel: "off",
    ...(options.provider === "openrouter" ? { defaultHeaders: { "X-Title": "kern" } } : {}),
  });
  const logger = options.logger.child({ component: "model" });
  return {
    stream: (request, signal) => streamWithRetries(request, { sdk, options, logger, signal }),
  };
}

function endEvent(outcome: AttemptOutcome): ModelEvent {
  switch (outcome.kind) {
    case "done": {
      const { stopReason, text, toolCalls, usage } = outcome;
      return { type: "response-end", stopReason, text, toolCalls, ...(usage ? { usage } : {}) };
    }
    case "cancelled":
      return { type: "response-end", stopReason: "cancelled", text: outcome.text, toolCalls: [] };
    case "failed":
      return {
        type: "response-end",
        stopReason: "error",
        text: outcome.text,
        toolCalls: [],
        error: outcome.error,
      };
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

async function* streamWithRetries(
  request: ModelRequest,
  context: StreamContext,
): AsyncGenerator<ModelEvent> {
  const { options, logger, signal } = context;
  let params: ChatCompletionCreateParamsStreaming;
  try {
    params = toChatParams(applyCacheControl(request, options.provider), options.provider);
  } catch (error) {
    yield endEvent({
      kind: "failed",
      text: "",
      error: toModelError(error, options.baseUrl),
      streamed: false,
    });
    return;
  }
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) {
      yield endEvent({ kind: "cancelled", text: "" });
      return;
    }
    const startedAt = Date.now();
    const outcome = yield* streamAttempt(params, context);
    logger.debug(
      { model: request.model, attempt, ms: Date.now() - startedAt, outcome: outcome.kind },
      "model call end",
    );
    if (
      outcome.kind !== "failed" ||
      outcome.streamed ||
      outcome.error.code === "KERN_MODEL_STALLED"
    ) {
      yield endEvent(outcome);
      return;
    }
    const delay = retryDelayMs({
      error: outcome.error,
      attempt,
      maxRetries: options.maxRetries,
      baseMs: options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS,
    });
    if (delay === null) {
      yield endEvent(outcome);
      return;
    }
    const { status, code } = outcome.error;
    logger.warn({ status, code, attempt: attempt + 1, ms: delay }, "model call retry");
    await sleep(delay, signal);
  }
}

/** One HTTP call: yields text deltas and tool calls, returns how it ended. Never throws. */
async function* streamAttempt(
  params: ChatCompletionCreateParamsStreaming,
  context: StreamContext,
): AsyncGenerator<ModelEvent, AttemptOutcome> {
  const { sdk, options, signal } = context;
  const firstByteMs = options.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS;
  const idle = new AbortController();
  let silence: "first-byte" | "idle" = "first-byte";
  let timer = setTimeout(() => idle.abort(), firstByteMs);
  const assembly = createResponseAssembly();
  let streamed = false;
  const stalled = () =>
    silence === "first-byte" ? noAnswerError(firstByteMs) : stalledError(options);
  const interrupted = (error: ModelError): AttemptOutcome => {
    if (signal.aborted) return { kind: "cancelled", text: assembly.text };
    return { kind: "failed", text: assembly.text, error, streamed };
  };
  try {
    const requestSignal = AbortSignal.any([signal, idle.signal]);
    const stream = await sdk.chat.completions.create(params, { signal: requestSignal });
    for await (const raw of stream) {
      const before = progressOf(assembly);
      const text = applyChunk(assembly, parseChatChunk(raw));
      // Only content counts as life: a stream of empty chunks (keep-alives, bare role deltas)
      // times out like silence does (issue 33 item 8).
      if (silence === "first-byte") {
        silence = "idle";
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), options.idleTimeoutMs);
      } else if (progressOf(assembly) !== before) timer.refresh();
      if (text.length > 0) {
        streamed = true;
        yield { type: "text-delta", text };
      }
    }
  } catch (error) {
    return interrupted(idle.signal.aborted ? stalled() : toModelError(error, options.baseUrl));
  } finally {
    clearTimeout(timer);
  }
  // An abort ends the SDK's `for await` quietly (STYLE §4), so look at the signals here.
  if (signal.aborted || idle.signal.aborted) return interrupted(stalled());
  try {
    const { stopReason, toolCalls } = finishResponse(assembly);
    for (const call of toolCalls) yield { type: "tool-call", call };
    const usage = assembly.usage;
    return {
      kind: "done",
      stopReason,
      text: assembly.text,
      toolCalls,
      ...(usage ? { usage } : {}),
    };
  } catch (error) {
    return interrupted(toModelError(error, options.baseUrl));
  }
}

function noAnswerError(ms: number): ModelError {
  return new ModelError(
    "KERN_MODEL_STALLED",
    `model endpoint did not answer within ${ms} ms; check baseUrl and the provider's status, or raise firstByteTimeoutMs in .kern/config.json`,
  );
}

function stalledError(options: OpenAiCompatibleClientOptions): ModelError {
  return new ModelError(
    "KERN_MODEL_STALLED",
    `model stream was silent for ${options.idleTimeoutMs} ms; raise idleTimeoutMs in .kern/config.json if the model is slow`,
  );
}

/** A fingerprint of what a stream delivered so far: text, tool-call fragments, finish, usage. */
function progressOf(assembly: ResponseAssembly): string {
  let calls = 0;
  for (const call of assembly.toolCalls.values()) {
    calls += call.id.length + call.name.length + call.arguments.length;
  }
  return `${assembly.text.length}/${calls}/${assembly.finishReason ?? ""}/${assembly.usage ? 1 : 0}`;
}
