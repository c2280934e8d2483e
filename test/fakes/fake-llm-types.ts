// Request schemas and reply-script types of the fake OpenAI-compatible server. Types only, plus zod.
import { z } from "zod";
import type { RecordedExchange } from "./recorded-exchange.js";

const messageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  tool_calls: z.array(z.unknown()).optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
});

export const chatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(messageSchema),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(z.unknown()).optional(),
  tool_choice: z.unknown().optional(),
  max_tokens: z.number().nullish(),
  max_completion_tokens: z.number().nullish(),
  temperature: z.number().nullish(),
});

export const embeddingRequestSchema = z.looseObject({
  model: z.string(),
  input: z.union([z.string(), z.array(z.string())]),
  encoding_format: z.enum(["float", "base64"]).optional(),
});

/** A parsed chat request body, as the client sent it. */
export type FakeChatRequest = z.infer<typeof chatRequestSchema>;
export type FakeEmbeddingRequest = z.infer<typeof embeddingRequestSchema>;

export interface FakeToolCall {
  name: string;
  /** Serialized with JSON.stringify unless already a string. */
  args: unknown;
  id?: string;
}

export interface FakeUsage {
  promptTokens?: number;
  completionTokens?: number;
  cachedTokens?: number;
}

/** Milliseconds the server waits before answering. */
export type DelayOption = { delayMs?: number };

/** What the server does with one chat request. */
export type ReplyScript = DelayOption &
  (
    | {
        kind: "text";
        text: string;
        usage?: FakeUsage;
        finishReason?: string;
        /** Streams the text in this many pieces (default 3)… */
        pieces?: number;
        /** …with this pause between them, as a real model streams (default none). */
        pieceDelayMs?: number;
        /** Streams the first `afterPieces` pieces, then waits for `until` before the rest. */
        hold?: { afterPieces: number; until: Promise<unknown> };
      }
    | { kind: "tool-calls"; calls: FakeToolCall[]; text?: string; usage?: FakeUsage }
    | { kind: "fail"; status: number; retryAfter?: number; message?: string }
    /** Headers and one chunk (a role delta, plus `text` if given), then silence until hang-up. */
    | { kind: "stall"; text?: string }
    /** Destroys the connection without answering (a network failure). */
    | { kind: "disconnect" }
    /** Writes `body` verbatim as an SSE response (malformed streams). */
    | { kind: "raw-sse"; body: string }
    /** Replays a recorded answer (test/fixtures/wire/): status, headers and body as recorded. */
    | { kind: "recorded"; exchange: RecordedExchange }
  );

/** `callNumber` counts from 1: all chat requests for the queue, matched ones for a route. */
export type ReplyHandler = (request: FakeChatRequest, callNumber: number) => string | ReplyScript;

export type QueueStep = ReplyScript | { kind: "handler"; handler: ReplyHandler; delayMs?: number };

export interface Route {
  predicate: (request: FakeChatRequest) => boolean;
  handler: ReplyHandler;
  calls: number;
  /** Consulted only when no other route matches. */
  fallback: boolean;
}
