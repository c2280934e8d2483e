// The model clients against answers written from the OpenAI API reference (test/fixtures/wire/),
// replayed byte for byte by the fake server: the wire is the provider's, not our fake's idea of it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../test/fakes/fake-llm-server.js";
import { loadRecordedExchange } from "../../test/fakes/recorded-exchange.js";
import { ModelError } from "../kernel/index.js";
import { createSilentLogger } from "../log/index.js";
import {
  createOpenAiCompatibleClient,
  createOpenAiEmbeddingClient,
  type ModelEvent,
  type ModelRequest,
} from "./index.js";

let llm: FakeLlm;

beforeEach(async () => {
  llm = await startFakeLlm();
});

afterEach(async () => {
  await llm.close();
});

function chatClient(maxRetries: number) {
  return createOpenAiCompatibleClient({
    baseUrl: llm.baseUrl,
    apiKey: null,
    provider: "openai",
    firstByteTimeoutMs: 2_000,
    idleTimeoutMs: 2_000,
    maxRetries,
    retryBaseMs: 5_000,
    logger: createSilentLogger(),
  });
}

const REQUEST: ModelRequest = {
  model: "gpt-4o-mini",
  messages: [{ role: "user", content: "what did we decide about Friday deploys?" }],
};

async function responseEnd(maxRetries = 0) {
  const events: ModelEvent[] = [];
  for await (const event of chatClient(maxRetries).stream(REQUEST, new AbortController().signal)) {
    events.push(event);
  }
  const end = events.at(-1);
  if (end?.type !== "response-end") throw new Error("the stream did not end with response-end");
  return { events, end };
}

describe("OpenAI wire fixtures", () => {
  it("a streamed answer with two parallel tool calls: both calls whole, in order, with usage", async () => {
    llm.replayNext(loadRecordedExchange("openai/chat-stream-tool-calls.http"));
    const { events, end } = await responseEnd();
    expect(end.stopReason).toBe("tool-calls");
    const calls = end.toolCalls.map(({ id, type, function: { name, arguments: args } }) => ({
      id,
      type,
      call: `${name} ${args}`,
    }));
    expect(calls).toEqual([
      {
        id: "call_DdmO9pD3xa9XTPNJ32zg2hcA",
        type: "function",
        call: 'recall {"query":"deploy freeze friday","k":5}',
      },
      {
        id: "call_ABRlzJkUbbhaNTCQeNgaemTh",
        type: "function",
        call: 'bash {"command":"git log --oneline -3"}',
      },
    ]);
    expect(events.filter((event) => event.type === "tool-call")).toHaveLength(2);
    expect(end.usage).toMatchObject({ inputTokens: 412, outputTokens: 38, cachedTokens: 384 });
  });

  it("a 429 with retry-after in seconds: a retryable ModelError that carries the wait", async () => {
    llm.replayNext(loadRecordedExchange("openai/rate-limit-429.http"));
    const { end } = await responseEnd(0);
    expect(end.stopReason).toBe("error");
    expect(end.error).toBeInstanceOf(ModelError);
    expect(end.error).toMatchObject({ code: "KERN_MODEL_HTTP", status: 429, retryAfterMs: 1000 });
    expect(end.error?.isRetryable).toBe(true);
  });

  it("a 429 then an answer: the retry waits the one second retry-after asks, not the backoff", async () => {
    llm.replayNext(loadRecordedExchange("openai/rate-limit-429.http"));
    llm.replayNext(loadRecordedExchange("openai/chat-stream-tool-calls.http"));
    const startedAt = Date.now();
    const { end } = await responseEnd(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
    expect(end.stopReason).toBe("tool-calls");
    expect(llm.requests).toHaveLength(2);
  });

  it("an embeddings answer: one float vector per input, in input order", async () => {
    const fixture = loadRecordedExchange("openai/embeddings.http");
    llm.replayNextEmbedding(fixture);
    const client = createOpenAiEmbeddingClient({
      baseUrl: llm.baseUrl,
      apiKey: null,
      model: "text-embedding-3-small",
      logger: createSilentLogger(),
    });
    const vectors = await client.embed(["deploy freeze on Fridays", "the staging database"]);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]?.slice(0, 2)).toEqual([0.0023064255, -0.009327292]);
    expect(vectors[1]?.slice(0, 2)).toEqual([-0.0121943, 0.0049816]);
    expect(llm.embeddingRequests[0]).toMatchObject({ encoding_format: "float" });
  });
});
