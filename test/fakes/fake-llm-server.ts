// A real node:http OpenAI-compatible server for tests (SG-29): chat completions as JSON or SSE,
// embeddings with deterministic vectors, a script queue, persistent routes and a record of every
// request. Listens on 127.0.0.1, port 0; `close()` leaves no open handles.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

const messageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  tool_calls: z.array(z.unknown()).optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
});

const chatRequestSchema = z.looseObject({
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

const embeddingRequestSchema = z.looseObject({
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
    | { kind: "text"; text: string; usage?: FakeUsage; finishReason?: string }
    | { kind: "tool-calls"; calls: FakeToolCall[]; text?: string; usage?: FakeUsage }
    | { kind: "fail"; status: number; retryAfter?: number; message?: string }
    /** Headers and one chunk (a role delta, plus `text` if given), then silence until hang-up. */
    | { kind: "stall"; text?: string }
    /** Destroys the connection without answering (a network failure). */
    | { kind: "disconnect" }
    /** Writes `body` verbatim as an SSE response (malformed streams, recorded fixtures). */
    | { kind: "raw-sse"; body: string }
  );

/** `callNumber` counts from 1: all chat requests for the queue, matched ones for a route. */
export type ReplyHandler = (request: FakeChatRequest, callNumber: number) => string | ReplyScript;

type QueueStep = ReplyScript | { kind: "handler"; handler: ReplyHandler; delayMs?: number };

interface Route {
  predicate: (request: FakeChatRequest) => boolean;
  handler: ReplyHandler;
  calls: number;
}

const EMBEDDING_DIMENSIONS = 64;

function fnv1a(text: string): number {
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
function splitPieces(text: string, count: number): string[] {
  const points = Array.from(text);
  const size = Math.max(1, Math.ceil(points.length / count));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) {
    pieces.push(points.slice(start, start + size).join(""));
  }
  return pieces;
}

function argumentsText(call: FakeToolCall): string {
  return typeof call.args === "string" ? call.args : JSON.stringify(call.args ?? {});
}

function usageOf(request: FakeChatRequest, outputChars: number, usage: FakeUsage = {}) {
  const promptTokens = usage.promptTokens ?? Math.ceil(JSON.stringify(request.messages).length / 4);
  const completionTokens = usage.completionTokens ?? Math.ceil(outputChars / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
  };
}

type AnswerScript = Extract<ReplyScript, { kind: "text" | "tool-calls" }>;

function answerParts(script: AnswerScript, callNumber: number) {
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

function chunkOf(callNumber: number, model: string, delta: object, finish: string | null = null) {
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
function streamChunks(script: AnswerScript, request: FakeChatRequest, callNumber: number) {
  const { text, toolCalls, finishReason, outputChars } = answerParts(script, callNumber);
  const choice = (delta: object, finish?: string) =>
    chunkOf(callNumber, request.model, delta, finish);
  const chunks: object[] = [choice({ role: "assistant", content: "" })];
  for (const piece of splitPieces(text, 3)) chunks.push(choice({ content: piece }));
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

function completionBody(script: AnswerScript, request: FakeChatRequest, callNumber: number) {
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

function sendJson(res: ServerResponse, status: number, body: unknown, retryAfter?: number) {
  const headers = retryAfter === undefined ? {} : { "retry-after": String(retryAfter) };
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** An OpenAI-style error body; `retryAfter` in seconds. */
function sendError(res: ServerResponse, status: number, message: string, retryAfter?: number) {
  const type = status === 400 ? "invalid_request_error" : "fake_error";
  sendJson(res, status, { error: { message, type, code: null } }, retryAfter);
}

function embeddingBody(request: FakeEmbeddingRequest, inputs: string[]) {
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

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };

function startSse(res: ServerResponse): void {
  res.writeHead(200, SSE_HEADERS);
}

function sseData(data: unknown): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString("utf8"));
  } catch {
    // Not JSON: the caller answers 400.
    return undefined;
  }
}

/** A running fake; create with `startFakeLlm()`. */
export class FakeLlm {
  /** Text of the reply when the queue is empty and no route matches. */
  defaultReply = "ok";
  /** Every parsed chat request body, in arrival order. */
  readonly requests: FakeChatRequest[] = [];
  /** The headers of each chat request, parallel to `requests`. */
  readonly requestHeaders: IncomingMessage["headers"][] = [];
  readonly embeddingRequests: FakeEmbeddingRequest[] = [];
  /** Responses the client closed before the server finished them (stalls, aborts). */
  hangUps = 0;
  private readonly queue: QueueStep[] = [];
  private readonly routes: Route[] = [];
  private readonly embeddingFailures: Array<{ status: number; retryAfter?: number }> = [];
  private embeddingLengthLimit: number | null = null;
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly waiters = new Set<{ check: () => boolean; resolve: () => void }>();
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error));
      else res.destroy();
    });
  });

  /** Endpoint root for clients, ending in `/v1`. */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** @internal Use `startFakeLlm()`. */
  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => {
        this.server.off("error", reject);
        resolve();
      });
    });
  }

  reply(text: string, options: DelayOption & { usage?: FakeUsage } = {}): void {
    this.queue.push({ kind: "text", text, ...options });
  }

  replyToolCall(name: string, args: unknown, options: DelayOption & { id?: string } = {}): void {
    const call: FakeToolCall = options.id ? { name, args, id: options.id } : { name, args };
    this.replyToolCalls([call], { delayMs: options.delayMs });
  }

  /** One response with several (parallel) tool calls, optionally with text before them. */
  replyToolCalls(calls: FakeToolCall[], options: DelayOption & { text?: string } = {}): void {
    this.queue.push({ kind: "tool-calls", calls, ...options });
  }

  /** Answers `status` with an OpenAI-style error body; `retryAfter` in seconds. */
  fail(
    status: number,
    options: DelayOption & { retryAfter?: number; message?: string } = {},
  ): void {
    this.queue.push({ kind: "fail", status, ...options });
  }

  stall(options: DelayOption & { text?: string } = {}): void {
    this.queue.push({ kind: "stall", ...options });
  }

  disconnect(): void {
    this.queue.push({ kind: "disconnect" });
  }

  replyRawSse(body: string): void {
    this.queue.push({ kind: "raw-sse", body });
  }

  replyWith(handler: ReplyHandler, options: DelayOption = {}): void {
    this.queue.push({ kind: "handler", handler, ...options });
  }

  /** Routes matching requests to `handler` for good, without consuming the queue. */
  when(predicate: (request: FakeChatRequest) => boolean, handler: ReplyHandler | string): void {
    const resolved: ReplyHandler = typeof handler === "string" ? () => handler : handler;
    this.routes.push({ predicate, handler: resolved, calls: 0 });
  }

  /** Scripted steps not yet consumed. */
  get pendingReplies(): number {
    return this.queue.length;
  }

  /** Makes every embedding request holding an input longer than `chars` answer 400. */
  rejectEmbeddingInputsLongerThan(chars: number | null): void {
    this.embeddingLengthLimit = chars;
  }

  /** The next embedding request answers `status` (queued; one per call). */
  failNextEmbedding(status: number, options: { retryAfter?: number } = {}): void {
    this.embeddingFailures.push({ status, ...options });
  }

  /** Resolves once `count` chat requests have arrived. */
  waitForRequests(count: number): Promise<void> {
    return this.waitUntil(() => this.requests.length >= count);
  }

  /** Resolves once the client has hung up `count` unfinished responses. */
  waitForHangUps(count: number): Promise<void> {
    return this.waitUntil(() => this.hangUps >= count);
  }

  async close(): Promise<void> {
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private waitUntil(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ check, resolve }));
  }

  private notify(): void {
    for (const waiter of this.waiters) {
      if (!waiter.check()) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }

  private delay(ms: number | undefined): Promise<void> {
    if (!ms) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  private trackHangUp(res: ServerResponse): void {
    res.on("close", () => {
      if (res.writableFinished) return;
      this.hangUps += 1;
      this.notify();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "POST" && path === "/v1/chat/completions") return this.handleChat(req, res);
    if (req.method === "POST" && path === "/v1/embeddings") return this.handleEmbeddings(req, res);
    sendError(res, 404, `no route ${req.method} ${path}`);
  }

  private nextScript(request: FakeChatRequest): { script: ReplyScript; callNumber: number } {
    const callNumber = this.requests.length;
    const route = this.routes.find((candidate) => candidate.predicate(request));
    if (route) {
      route.calls += 1;
      return { script: toScript(route.handler(request, route.calls)), callNumber };
    }
    const step = this.queue.shift() ?? { kind: "text", text: this.defaultReply };
    if (step.kind !== "handler") return { script: step, callNumber };
    const script = toScript(step.handler(request, callNumber));
    return { script: { delayMs: step.delayMs, ...script }, callNumber };
  }

  private async handleChat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = chatRequestSchema.safeParse(await readJson(req));
    if (!parsed.success) {
      sendError(res, 400, z.prettifyError(parsed.error));
      return;
    }
    const request = parsed.data;
    this.requests.push(request);
    this.requestHeaders.push(req.headers);
    this.notify();
    this.trackHangUp(res);
    const { script, callNumber } = this.nextScript(request);
    await this.delay(script.delayMs);
    if (res.destroyed) return;
    this.answer(res, script, request, callNumber);
  }

  private answer(
    res: ServerResponse,
    script: ReplyScript,
    request: FakeChatRequest,
    callNumber: number,
  ): void {
    switch (script.kind) {
      case "fail":
        sendError(
          res,
          script.status,
          script.message ?? `fake failure ${script.status}`,
          script.retryAfter,
        );
        return;
      case "stall": {
        const delta = { role: "assistant", content: script.text ?? "" };
        startSse(res);
        res.write(sseData(chunkOf(callNumber, request.model, delta)));
        return;
      }
      case "disconnect":
        res.destroy();
        return;
      case "raw-sse":
        startSse(res);
        res.end(script.body);
        return;
      case "text":
      case "tool-calls":
        if (!request.stream) {
          sendJson(res, 200, completionBody(script, request, callNumber));
          return;
        }
        startSse(res);
        for (const chunk of streamChunks(script, request, callNumber)) res.write(sseData(chunk));
        res.end(sseData("[DONE]"));
        return;
      default: {
        const unreachable: never = script;
        throw new Error(`unknown script ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private async handleEmbeddings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = embeddingRequestSchema.safeParse(await readJson(req));
    if (!parsed.success) {
      sendError(res, 400, z.prettifyError(parsed.error));
      return;
    }
    const request = parsed.data;
    this.embeddingRequests.push(request);
    const failure = this.embeddingFailures.shift();
    if (failure) {
      sendError(res, failure.status, `fake failure ${failure.status}`, failure.retryAfter);
      return;
    }
    const inputs = typeof request.input === "string" ? [request.input] : request.input;
    const limit = this.embeddingLengthLimit;
    if (limit !== null && inputs.some((input) => input.length > limit)) {
      sendError(res, 400, `input longer than ${limit} characters`);
      return;
    }
    sendJson(res, 200, embeddingBody(request, inputs));
  }
}

function toScript(result: string | ReplyScript): ReplyScript {
  return typeof result === "string" ? { kind: "text", text: result } : result;
}

/** Starts a fake on 127.0.0.1, port 0 unless given (manual runs). Close it in `afterEach`. */
export async function startFakeLlm(options: { port?: number } = {}): Promise<FakeLlm> {
  const llm = new FakeLlm();
  await llm.listen(options.port);
  return llm;
}
