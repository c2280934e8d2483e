import { describe, expect, it } from "vitest";
import {
  clientFor,
  collect,
  endOf,
  fakeLlmPerTest,
  HELLO,
  llm,
} from "../../test/support/model-client-harness.js";
import { ModelError } from "../kernel/index.js";
import type { ModelRequest } from "./index.js";
import { collectResponse } from "./index.js";

fakeLlmPerTest();

describe("createOpenAiCompatibleClient streaming", () => {
  it("streams text deltas and ends with the whole text", async () => {
    llm.reply("The quick brown fox jumps over the lazy dog");
    const events = await collect(clientFor());
    const deltas = events.flatMap((event) => (event.type === "text-delta" ? [event.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("The quick brown fox jumps over the lazy dog");
    const end = endOf(events);
    expect(end).toMatchObject({ stopReason: "stop", toolCalls: [] });
    expect(end.text).toBe("The quick brown fox jumps over the lazy dog");
    expect(events.filter((event) => event.type === "response-end")).toHaveLength(1);
  });

  it("assembles argument fragments of two parallel tool calls", async () => {
    llm.replyToolCalls([
      { name: "read", args: { path: "notes/2026-04-02.md" }, id: "call_a" },
      { name: "bash", args: { command: "ls -la", timeoutMs: 5000 }, id: "call_b" },
    ]);
    const events = await collect(clientFor());
    const calls = events.flatMap((event) => (event.type === "tool-call" ? [event.call] : []));
    expect(calls).toEqual([
      {
        id: "call_a",
        type: "function",
        function: { name: "read", arguments: '{"path":"notes/2026-04-02.md"}' },
      },
      {
        id: "call_b",
        type: "function",
        function: { name: "bash", arguments: '{"command":"ls -la","timeoutMs":5000}' },
      },
    ]);
    const end = endOf(events);
    expect(end.stopReason).toBe("tool-calls");
    expect(end.toolCalls).toEqual(calls);
  });

  it("reports usage with cached tokens and asks the server for it", async () => {
    llm.reply("hello", { usage: { promptTokens: 1200, completionTokens: 7, cachedTokens: 1024 } });
    const end = endOf(await collect(clientFor()));
    expect(end.usage).toEqual({ inputTokens: 1200, outputTokens: 7, cachedTokens: 1024 });
    expect(llm.requests[0]?.stream).toBe(true);
    expect(llm.requests[0]?.stream_options).toEqual({ include_usage: true });
  });

  it("sends tools, tool choice, history and a placeholder key when none is configured", async () => {
    await collect(clientFor({ provider: "ollama" }), {
      model: "llama3",
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "list files" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: "{}" } }],
        },
        { role: "tool", content: "a.md", tool_call_id: "c1" },
      ],
      tools: [{ name: "bash", description: "run", parameters: { type: "object" } }],
      toolChoice: "none",
      maxOutputTokens: 256,
    });
    const body = llm.requests[0]!;
    expect(body.tools).toEqual([
      {
        type: "function",
        function: { name: "bash", description: "run", parameters: { type: "object" } },
      },
    ]);
    expect(body.tool_choice).toBe("none");
    expect(body.max_tokens).toBe(256);
    expect(body.messages[3]).toEqual({ role: "tool", content: "a.md", tool_call_id: "c1" });
    expect(body.messages[2]?.tool_calls).toHaveLength(1);
    expect(llm.requestHeaders[0]?.authorization).toBe("Bearer not-needed");
  });

  it("uses max_completion_tokens for OpenAI itself", async () => {
    await collect(clientFor({ provider: "openai", apiKey: "sk-test" }), {
      ...HELLO,
      maxOutputTokens: 64,
    });
    expect(llm.requests[0]?.max_completion_tokens).toBe(64);
    expect(llm.requests[0]?.max_tokens).toBeUndefined();
    expect(llm.requestHeaders[0]?.authorization).toBe("Bearer sk-test");
  });
});

describe("createOpenAiCompatibleClient retries", () => {
  it("retries a 503 once and then succeeds", async () => {
    llm.fail(503);
    llm.reply("recovered");
    const end = endOf(await collect(clientFor({ maxRetries: 3 })));
    expect(end).toMatchObject({ stopReason: "stop", text: "recovered" });
    expect(llm.requests).toHaveLength(2);
  });

  it("waits as long as retry-after says on a 429, not the backoff", async () => {
    llm.fail(429, { retryAfter: 0.25 });
    llm.reply("after the wait");
    const startedAt = Date.now();
    // The backoff would wait 10–20 s: well past the bound, which leaves 250 ms a 20x margin.
    const end = endOf(await collect(clientFor({ maxRetries: 1, retryBaseMs: 20_000 })));
    const elapsed = Date.now() - startedAt;
    expect(end.text).toBe("after the wait");
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("does not retry a 400 and reports the status", async () => {
    llm.fail(400, { message: "bad tool schema" });
    const end = endOf(await collect(clientFor({ maxRetries: 3 })));
    expect(end.stopReason).toBe("error");
    expect(end.error).toBeInstanceOf(ModelError);
    expect(end.error).toMatchObject({ code: "KERN_MODEL_HTTP", status: 400 });
    expect(llm.requests).toHaveLength(1);
  });

  it("gives up after maxRetries transient failures", async () => {
    llm.fail(502);
    llm.fail(503);
    llm.fail(500);
    const end = endOf(await collect(clientFor({ maxRetries: 2 })));
    expect(end.error).toMatchObject({ code: "KERN_MODEL_HTTP", status: 500 });
    expect(end.error?.isRetryable).toBe(true);
    expect(llm.requests).toHaveLength(3);
  });

  it("retries a dropped connection, and reports KERN_MODEL_NETWORK when out of retries", async () => {
    llm.disconnect();
    llm.reply("second try");
    expect(endOf(await collect(clientFor({ maxRetries: 1 }))).text).toBe("second try");
    llm.disconnect();
    const end = endOf(await collect(clientFor()));
    expect(end.error?.code).toBe("KERN_MODEL_NETWORK");
  });

  it("names the URL it could not reach, without credentials or query", async () => {
    // Port 9 (discard) has no listener on a test machine: the connection is refused.
    const end = endOf(
      await collect(clientFor({ baseUrl: "http://user:secret@127.0.0.1:9/v1?key=sk-1" })),
    );
    expect(end.error?.code).toBe("KERN_MODEL_NETWORK");
    expect(end.error?.message).toContain(
      "could not reach the model endpoint http://127.0.0.1:9/v1",
    );
    expect(end.error?.message).not.toContain("secret");
    expect(end.error?.message).not.toContain("sk-1");
  });
});

describe("createOpenAiCompatibleClient malformed streams", () => {
  it("reports KERN_MODEL_BAD_RESPONSE for a chunk that is not JSON", async () => {
    llm.replyRawSse("data: {not json\n\n");
    expect(endOf(await collect(clientFor())).error?.code).toBe("KERN_MODEL_BAD_RESPONSE");
  });

  it("reports a stream cut short without a finish reason", async () => {
    const chunk = { choices: [{ index: 0, delta: { content: "half" }, finish_reason: null }] };
    llm.replyRawSse(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
    const end = endOf(await collect(clientFor()));
    expect(end).toMatchObject({ stopReason: "error", text: "half" });
    expect(end.error?.code).toBe("KERN_MODEL_BAD_RESPONSE");
  });

  it("maps an error object inside the stream to its HTTP status", async () => {
    llm.replyRawSse(
      `data: ${JSON.stringify({ error: { code: 502, message: "upstream died" } })}\n\n`,
    );
    expect(endOf(await collect(clientFor())).error).toMatchObject({
      code: "KERN_MODEL_HTTP",
      status: 502,
    });
  });
});

describe("prompt caching on the wire", () => {
  const conversation: ModelRequest = {
    model: "anthropic/claude-sonnet-4.5",
    messages: [
      { role: "system", content: "You are kern." },
      { role: "user", content: "first question" },
      { role: "assistant", content: "first answer" },
      { role: "user", content: "second question" },
    ],
  };

  it("marks the system prompt and the stable point for Anthropic via OpenRouter", async () => {
    await collect(clientFor({ provider: "openrouter" }), conversation);
    const messages = llm.requests[0]!.messages;
    const ephemeral = { type: "ephemeral" };
    expect(messages[0]?.content).toEqual([
      { type: "text", text: "You are kern.", cache_control: ephemeral },
    ]);
    expect(messages[2]?.content).toEqual([
      { type: "text", text: "first answer", cache_control: ephemeral },
    ]);
    expect(messages[3]?.content).toBe("second question");
  });

  it("sends no cache_control to other providers or models", async () => {
    await collect(clientFor({ provider: "openai" }), conversation);
    await collect(clientFor({ provider: "openrouter" }), {
      ...conversation,
      model: "openai/gpt-4o",
    });
    expect(JSON.stringify(llm.requests)).not.toContain("cache_control");
  });
});

describe("collectResponse", () => {
  it("returns text and usage of a successful call", async () => {
    llm.reply("a summary");
    const response = await collectResponse(clientFor(), HELLO, new AbortController().signal);
    expect(response.text).toBe("a summary");
    expect(response.stopReason).toBe("stop");
    expect(response.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("throws the ModelError with its code", async () => {
    llm.fail(401);
    const failure = collectResponse(clientFor(), HELLO, new AbortController().signal);
    await expect(failure).rejects.toBeInstanceOf(ModelError);
    llm.fail(401);
    await expect(
      collectResponse(clientFor(), HELLO, new AbortController().signal),
    ).rejects.toMatchObject({
      code: "KERN_MODEL_HTTP",
      status: 401,
    });
  });

  it("throws KERN_MODEL_CANCELLED on abort", async () => {
    await expect(collectResponse(clientFor(), HELLO, AbortSignal.abort())).rejects.toMatchObject({
      code: "KERN_MODEL_CANCELLED",
    });
  });
});
