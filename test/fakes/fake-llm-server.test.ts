import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlm, fakeEmbedding, startFakeLlm } from "./fake-llm-server.js";

let llm: FakeLlm;

beforeEach(async () => {
  llm = await startFakeLlm();
});

afterEach(async () => {
  await llm.close();
});

async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${llm.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

function chat(content: string, extra: Record<string, unknown> = {}) {
  return post("/chat/completions", {
    model: "m",
    messages: [{ role: "user", content }],
    ...extra,
  });
}

describe("fake LLM server", () => {
  it("answers JSON completions with text and tool calls", async () => {
    llm.reply("hello");
    llm.replyToolCall("read", { path: "a.md" }, { id: "call_1" });
    expect((await chat("hi")).json).toMatchObject({
      object: "chat.completion",
      choices: [{ message: { role: "assistant", content: "hello" }, finish_reason: "stop" }],
    });
    expect((await chat("hi")).json).toMatchObject({
      choices: [
        {
          message: {
            content: null,
            tool_calls: [
              { id: "call_1", function: { name: "read", arguments: '{"path":"a.md"}' } },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
    });
  });

  it("routes matching requests without consuming the queue, then falls back to defaultReply", async () => {
    llm.when(
      (request) => JSON.stringify(request.messages).includes("summarize"),
      (_request, callNumber) => `summary ${callNumber}`,
    );
    llm.replyWith((request, callNumber) => `call ${callNumber} for ${request.model}`);
    llm.defaultReply = "fallback";
    const text = async (content: string) => {
      const { json } = await chat(content);
      return (json as { choices: Array<{ message: { content: string } }> }).choices[0]?.message
        .content;
    };
    expect(await text("please summarize")).toBe("summary 1");
    expect(await text("hello")).toBe("call 2 for m");
    expect(await text("please summarize again")).toBe("summary 2");
    expect(await text("hello")).toBe("fallback");
    expect(llm.requests).toHaveLength(4);
    expect(llm.pendingReplies).toBe(0);
  });

  it("streams SSE chunks closed by [DONE], with a usage chunk when asked", async () => {
    llm.reply("streamed text");
    const response = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({
        model: "m",
        messages: [],
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data: [DONE]");
    expect(events.at(-2)).toContain('"usage"');
    expect(events.length).toBeGreaterThan(5);
  });

  it("returns base64 embeddings unless float is asked for, and 404 for unknown routes", async () => {
    const { json } = await post("/embeddings", { model: "e", input: "hello world" });
    const encoded = (json as { data: Array<{ embedding: string }> }).data[0]!.embedding;
    const bytes = Uint8Array.from(Buffer.from(encoded, "base64"));
    const decoded = Array.from(new Float32Array(bytes.buffer));
    expect(decoded).toHaveLength(64);
    expect(decoded[0]).toBeCloseTo(fakeEmbedding("hello world")[0]!, 6);
    expect((await post("/nothing", {})).status).toBe(404);
  });
});
