// A real node:http OpenAI-compatible server for tests (SG-29): chat completions as JSON or SSE,
// embeddings with deterministic vectors, a script queue, persistent routes and a record of every
// request. Listens on 127.0.0.1, port 0; `close()` leaves no open handles.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { FakeTranscriptions } from "./fake-llm-media.js";
import {
  chatRequestSchema,
  type DelayOption,
  embeddingRequestSchema,
  type FakeChatRequest,
  type FakeEmbeddingRequest,
  type FakeToolCall,
  type FakeUsage,
  type QueueStep,
  type ReplyHandler,
  type ReplyScript,
  type Route,
} from "./fake-llm-types.js";
import {
  chunkOf,
  completionBody,
  embeddingBody,
  readJson,
  sendError,
  sendJson,
  sseData,
  startSse,
  streamChunks,
} from "./fake-llm-wire.js";
import { type RecordedExchange, replayExchange } from "./recorded-exchange.js";

export { imagePartsOf } from "./fake-llm-media.js";
export type {
  DelayOption,
  FakeChatRequest,
  FakeEmbeddingRequest,
  FakeToolCall,
  FakeUsage,
  ReplyHandler,
  ReplyScript,
} from "./fake-llm-types.js";
export { fakeEmbedding } from "./fake-llm-wire.js";

/** A running fake; create with `startFakeLlm()`. */
export class FakeLlm {
  /** Text of the reply when the queue is empty and no route matches. */
  defaultReply = "ok";
  /** Every parsed chat request body, in arrival order. */
  readonly requests: FakeChatRequest[] = [];
  /** The headers of each chat request, parallel to `requests`. */
  readonly requestHeaders: IncomingMessage["headers"][] = [];
  readonly embeddingRequests: FakeEmbeddingRequest[] = [];
  /** `POST /v1/audio/transcriptions`: set `reply`, read `requests`. */
  readonly transcriptions = new FakeTranscriptions();
  /** Responses the client closed before the server finished them (stalls, aborts). */
  hangUps = 0;
  private readonly queue: QueueStep[] = [];
  private readonly routes: Route[] = [];
  private readonly embeddingFailures: Array<{ status: number; retryAfter?: number }> = [];
  private readonly embeddingReplays: RecordedExchange[] = [];
  private embeddingLengthLimit: number | null = null;
  private embeddingDelayMs = 0;
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

  reply(
    text: string,
    options: DelayOption & {
      usage?: FakeUsage;
      pieces?: number;
      pieceDelayMs?: number;
      hold?: { afterPieces: number; until: Promise<unknown> };
    } = {},
  ): void {
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

  /** The next chat request gets a recorded answer (test/fixtures/wire/), verbatim. */
  replayNext(exchange: RecordedExchange): void {
    this.queue.push({ kind: "recorded", exchange });
  }

  replyWith(handler: ReplyHandler, options: DelayOption = {}): void {
    this.queue.push({ kind: "handler", handler, ...options });
  }

  /** Routes matching requests to `handler` for good, without consuming the queue. */
  when(
    predicate: (request: FakeChatRequest) => boolean,
    handler: ReplyHandler | string,
    options: { fallback?: boolean } = {},
  ): void {
    const resolved: ReplyHandler = typeof handler === "string" ? () => handler : handler;
    this.routes.push({
      predicate,
      handler: resolved,
      calls: 0,
      fallback: options.fallback ?? false,
    });
  }

  /** Scripted steps not yet consumed. */
  get pendingReplies(): number {
    return this.queue.length;
  }

  /** Makes every embedding request holding an input longer than `chars` answer 400. */
  rejectEmbeddingInputsLongerThan(chars: number | null): void {
    this.embeddingLengthLimit = chars;
  }

  /** Every embedding request answers after `ms` (a provider's round trip, for benchmarks). */
  delayEmbeddings(ms: number): void {
    this.embeddingDelayMs = ms;
  }

  /** The next embedding request answers `status` (queued; one per call). */
  failNextEmbedding(status: number, options: { retryAfter?: number } = {}): void {
    this.embeddingFailures.push({ status, ...options });
  }

  /** The next embedding request gets this recorded answer (queued; one per call). */
  replayNextEmbedding(exchange: RecordedExchange): void {
    this.embeddingReplays.push(exchange);
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
    if (req.method === "POST" && path === "/v1/audio/transcriptions") {
      return this.transcriptions.handle(req, res);
    }
    sendError(res, 404, `no route ${req.method} ${path}`);
  }

  private nextScript(request: FakeChatRequest): { script: ReplyScript; callNumber: number } {
    const callNumber = this.requests.length;
    // Fallback routes (defaults a harness installs) yield to every route a test registers.
    const route =
      this.routes.find((candidate) => !candidate.fallback && candidate.predicate(request)) ??
      this.routes.find((candidate) => candidate.fallback && candidate.predicate(request));
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
      case "recorded":
        replayExchange(res, script.exchange);
        return;
      case "text":
      case "tool-calls":
        if (!request.stream) {
          sendJson(res, 200, completionBody(script, request, callNumber));
          return;
        }
        startSse(res);
        if (script.kind === "text" && (script.pieceDelayMs || script.hold)) {
          void this.streamSlowly(res, streamChunks(script, request, callNumber), script);
          return;
        }
        for (const chunk of streamChunks(script, request, callNumber)) res.write(sseData(chunk));
        res.end(sseData("[DONE]"));
        return;
      default: {
        const unreachable: never = script;
        throw new Error(`unknown script ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /**
   * Writes the chunks with a pause between them, and waits for `hold.until` after the role chunk
   * and `hold.afterPieces` pieces; stops when the client hangs up.
   */
  private async streamSlowly(
    res: ServerResponse,
    chunks: object[],
    options: { pieceDelayMs?: number; hold?: { afterPieces: number; until: Promise<unknown> } },
  ) {
    for (const [index, chunk] of chunks.entries()) {
      if (res.destroyed) return;
      if (options.hold && index === options.hold.afterPieces + 1) await options.hold.until;
      if (res.destroyed) return;
      res.write(sseData(chunk));
      await this.delay(options.pieceDelayMs);
    }
    if (!res.destroyed) res.end(sseData("[DONE]"));
  }

  private async handleEmbeddings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = embeddingRequestSchema.safeParse(await readJson(req));
    if (!parsed.success) {
      sendError(res, 400, z.prettifyError(parsed.error));
      return;
    }
    const request = parsed.data;
    this.embeddingRequests.push(request);
    const replay = this.embeddingReplays.shift();
    if (replay) return replayExchange(res, replay);
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
    await this.delay(this.embeddingDelayMs);
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
