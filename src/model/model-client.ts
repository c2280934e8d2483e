// The model port: what the runtime and memory send to a chat model and the events they get back.
// Types and one helper only; no vendor types and no I/O here (the adapter lives beside it).
import type { TokenUsage, ToolCall } from "../kernel/index.js";
import { ModelError } from "../kernel/index.js";

/** One text part of a message; `cache_control` marks a prompt-cache breakpoint (Anthropic). */
export interface TextPart {
  type: "text";
  text: string;
  cache_control?: { type: "ephemeral" };
}

/** An image for a model that takes them (user messages only; others drop it). */
export interface ImagePart {
  type: "image";
  mediaType: string;
  /** The bytes, base64. */
  data: string;
}

export type ContentPart = TextPart | ImagePart;

/** A chat message in the OpenAI shape we send. */
export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  /** null only for an assistant message that just calls tools. */
  content: string | null | ContentPart[];
  tool_calls?: ToolCall[];
  /** Required on `tool` messages: the call this message answers. */
  tool_call_id?: string;
  name?: string;
}

/** A tool the model may call; `parameters` is a JSON schema (e.g. from `z.toJSONSchema`). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** "none" forbids tool calls (the last step of a turn is text-only). */
  toolChoice?: "auto" | "none";
  maxOutputTokens?: number;
  temperature?: number;
}

export type ModelStopReason = "stop" | "tool-calls" | "length" | "cancelled" | "error";

/** Events of one model response, closed by exactly one `response-end`. */
export type ModelEvent =
  | { type: "text-delta"; text: string }
  /** Emitted once the call's arguments are complete (at the end of the stream). */
  | { type: "tool-call"; call: ToolCall }
  | {
      type: "response-end";
      stopReason: ModelStopReason;
      /** All text of the response (on cancel or error: what arrived before it). */
      text: string;
      /** Complete tool calls; empty on cancel and error (no orphan calls). */
      toolCalls: ToolCall[];
      usage?: TokenUsage;
      /** Set exactly when `stopReason` is "error". */
      error?: ModelError;
    };

/**
 * Streams one model response. Never throws or rejects: transport, HTTP, parse and idle-timeout
 * failures end the stream with `response-end` whose `stopReason` is "error" and whose `error` is a
 * ModelError (`KERN_MODEL_HTTP` with `status`, `KERN_MODEL_NETWORK`, `KERN_MODEL_STALLED`,
 * `KERN_MODEL_BAD_RESPONSE`). Aborting `signal` ends it with `stopReason` "cancelled". Retries of
 * transient failures happen inside, only before anything was streamed.
 */
export interface ModelClient {
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}

export interface CollectedResponse {
  text: string;
  toolCalls: ToolCall[];
  usage?: TokenUsage;
  stopReason: "stop" | "tool-calls" | "length";
}

/**
 * Runs one request to its end and returns the whole response, for one-call users such as the
 * summarizer. Throws the ModelError on failure, and a `KERN_MODEL_CANCELLED` ModelError on abort.
 */
export async function collectResponse(
  client: ModelClient,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<CollectedResponse> {
  for await (const event of client.stream(request, signal)) {
    if (event.type !== "response-end") continue;
    switch (event.stopReason) {
      case "error":
        throw event.error ?? new ModelError("KERN_MODEL_BAD_RESPONSE", "model response failed");
      case "cancelled":
        throw new ModelError("KERN_MODEL_CANCELLED", "model call cancelled");
      case "stop":
      case "tool-calls":
      case "length": {
        const { text, toolCalls, usage, stopReason } = event;
        return usage ? { text, toolCalls, usage, stopReason } : { text, toolCalls, stopReason };
      }
      default: {
        const unreachable: never = event.stopReason;
        throw new ModelError("KERN_MODEL_BAD_RESPONSE", `unknown stop reason ${unreachable}`);
      }
    }
  }
  throw new ModelError(
    "KERN_MODEL_BAD_RESPONSE",
    "model stream ended without response-end (a ModelClient bug)",
  );
}
