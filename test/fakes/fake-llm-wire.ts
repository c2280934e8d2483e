// Wire format of the fake OpenAI-compatible server: deterministic embeddings, completion bodies,
// SSE chunks and small HTTP helpers. Pure apart from writing to the given response.
import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  FakeChatRequest,
  FakeEmbeddingRequest,
  FakeToolCall,
  FakeUsage,
  ReplyScript,
} from "./fake-llm-types.js";

export const EMBEDDING_DIMENSIONS = 64;

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The fake's vector for `text`: a normalized 64-dim hashed bag of words (all zeros if none). */
export function fakeEmbedding(text: string): number[] {
  const vector: number[] = new Array(EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv1a(word);
    const slot = hash % EMBEDDING_DIMENSIONS;
    vector[slot] = (vector[slot] ?? 0) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** Splits text into up to `count` pieces on code-point boundaries. */
export function splitPieces(text: string, count: number): string[] {
  const points = Array.from(text);
  const size = Math.max(1, Math.ceil(points.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) {
    pieces.push(points.slice(start, start + size).join(""));
  }
  return pieces;
}

export function argumentsText(call: FakeToolCall): string {
  return typeof call.args === "string" ? call.args : JSON.stringify(call.args ?? {});
}

export function usageOf(request: FakeChatRequest, outputChars: number, usage: FakeUsage = {}) {
  const promptTokens = usage.promptTokens ?? Math.ceil(JSON.stringify(request.messages).length / 4);
  const completionTokens = usage.completionTokens ?? Math.ceil(outputChars / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
  };
}

export type AnswerScript = Extract<ReplyScript, { kind: "text" | "tool-calls" }>;

export function answerParts(script: AnswerScript, callNumber: number) {
  const text = script.text ?? "";
  const calls = script.kind === "tool-calls" ? script.calls : [];
  const toolCalls = calls.map((call, index) => ({
    id: call.id ?? `call_fake_${callNumber}_${index}`,
    type: "function" as const,
    function: { name: call.name, arguments: argumentsText(call) },
  }));
  const finishReason = script.kind === "text" ? (script.finishReason ?? "stop") : "tool_calls";
  const outputChars =
    text.length + toolCalls.reduce((sum, call) => sum + call.function.arguments.length, 0);
  return { text, toolCalls, finishReason, outputChars };
}

export function chunkOf(
  callNumber: number,
  model: string,
  delta: object,
  finish: string | null = null,
) {
  const choices = [{ index: 0, delta, finish_reason: finish }];
  return {
    id: `chatcmpl-fake-${callNumber}`,
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices,
  };
}

/** The SSE chunks of an answer: role, content pieces, tool calls in fragments, finish, usage. */
export function streamChunks(script: AnswerScript, request: FakeChatRequest, callNumber: number) {
  const { text, toolCalls, finishReason, outputChars } = answerParts(script, callNumber);
  const choice = (delta: object, finish?: string) =>
    chunkOf(callNumber, request.model, delta, finish);
  const chunks: object[] = [choice({ role: "assistant", content: "" })];
  const pieces = script.kind === "text" ? (script.pieces ?? 3) : 3;
  for (const piece of splitPieces(text, pieces)) chunks.push(choice({ content: piece }));
  toolCalls.forEach(({ id, function: { name, arguments: args } }, index) => {
    chunks.push(
      choice({ tool_calls: [{ index, id, type: "function", function: { name, arguments: "" } }] }),
    );
    for (const fragment of splitPieces(args, 3)) {
      chunks.push(choice({ tool_calls: [{ index, function: { arguments: fragment } }] }));
    }
  });
  chunks.push(choice({}, finishReason));
  if (request.stream_options?.include_usage) {
    const usage = usageOf(request, outputChars, script.usage);
    chunks.push({ ...chunkOf(callNumber, request.model, {}), choices: [], usage });
  }
  return chunks;
}

export function completionBody(script: AnswerScript, request: FakeChatRequest, callNumber: number) {
  const { text, toolCalls, finishReason, outputChars } = answerParts(script, callNumber);
  const message = {
    role: "assistant",
    content: text.length > 0 || toolCalls.length === 0 ? text : null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  const choices = [{ index: 0, message, finish_reason: finishReason }];
  const usage = usageOf(request, outputChars, script.usage);
  return { ...chunkOf(callNumber, request.model, {}), object: "chat.completion", choices, usage };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, retryAfter?: number) {
  const headers = retryAfter === undefined ? {} : { "retry-after": String(retryAfter) };
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** An OpenAI-style error body; `retryAfter` in seconds. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  retryAfter?: number,
) {
  const type = status === 400 ? "invalid_request_error" : "fake_error";
  sendJson(res, status, { error: { message, type, code: null } }, retryAfter);
}

export function embeddingBody(request: FakeEmbeddingRequest, inputs: string[]) {
  const data = inputs.map((input, index) => {
    const vector = fakeEmbedding(input);
    const embedding =
      request.encoding_format === "float"
        ? vector
        : Buffer.from(new Float32Array(vector).buffer).toString("base64");
    return { object: "embedding", index, embedding };
  });
  const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
  const usage = { prompt_tokens: tokens, total_tokens: tokens };
  return { object: "list", data, model: request.model, usage };
}

export const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };

export function startSse(res: ServerResponse): void {
  res.writeHead(200, SSE_HEADERS);
}

export function sseData(data: unknown): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString("utf8"));
  } catch {
    // Not JSON: the caller answers 400.
    return undefined;
  }
}
