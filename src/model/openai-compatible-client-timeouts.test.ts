// The OpenAI-compatible client's time limits: a stalled stream, a hung endpoint, a slow first
// answer, cancel, and a stream of empty chunks (only content keeps it alive).
import { describe, expect, it } from "vitest";
import {
  clientFor,
  collect,
  endOf,
  fakeLlmPerTest,
  HELLO,
  llm,
} from "../../test/support/model-client-harness.js";
import type { ModelEvent } from "./index.js";

fakeLlmPerTest();

describe("createOpenAiCompatibleClient idle timeout and cancel", () => {
  it("ends a stalled stream with KERN_MODEL_STALLED and hangs up; the server stays usable", async () => {
    llm.stall();
    const startedAt = Date.now();
    const end = endOf(await collect(clientFor({ idleTimeoutMs: 300 })));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(280);
    expect(end.stopReason).toBe("error");
    expect(end.error?.code).toBe("KERN_MODEL_STALLED");
    await llm.waitForHangUps(1);
    llm.reply("still here");
    expect(endOf(await collect(clientFor())).text).toBe("still here");
  });

  it("never retries a stall once text was streamed", async () => {
    llm.stall({ text: "partial " });
    llm.reply("must not be used");
    const events = await collect(clientFor({ maxRetries: 2, idleTimeoutMs: 300 }));
    expect(events[0]).toEqual({ type: "text-delta", text: "partial " });
    const end = endOf(events);
    expect(end).toMatchObject({ stopReason: "error", text: "partial ", toolCalls: [] });
    expect(end.error?.code).toBe("KERN_MODEL_STALLED");
    expect(llm.requests).toHaveLength(1);
  });

  it("never retries a timeout: a hung endpoint fails after firstByteTimeoutMs", async () => {
    llm.reply("too late", { delayMs: 10_000 });
    llm.reply("must not be used");
    const startedAt = Date.now();
    const end = endOf(await collect(clientFor({ maxRetries: 3, firstByteTimeoutMs: 400 })));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(380);
    // Far below the reply's 10 s, 12x the timeout.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(end.error?.code).toBe("KERN_MODEL_STALLED");
    expect(end.error?.message).toContain("firstByteTimeoutMs");
    expect(llm.requests).toHaveLength(1);
  });

  it("gives a slow first answer firstByteTimeoutMs, then idleTimeoutMs between chunks", async () => {
    llm.reply("slow start", { delayMs: 500 });
    const client = clientFor({ firstByteTimeoutMs: 2000, idleTimeoutMs: 200 });
    expect(endOf(await collect(client)).text).toBe("slow start");
    llm.stall();
    const end = endOf(await collect(client));
    expect(end.error?.message).toContain("idleTimeoutMs");
  });

  it("ends with cancelled when the caller aborts mid-stream", async () => {
    llm.stall({ text: "thinking" });
    const controller = new AbortController();
    const events: ModelEvent[] = [];
    for await (const event of clientFor({ idleTimeoutMs: 10_000 }).stream(
      HELLO,
      controller.signal,
    )) {
      events.push(event);
      if (event.type === "text-delta") controller.abort();
    }
    expect(endOf(events)).toMatchObject({
      stopReason: "cancelled",
      text: "thinking",
      toolCalls: [],
    });
    expect(endOf(events).error).toBeUndefined();
    await llm.waitForHangUps(1);
  });

  it("ends with cancelled when aborted before the headers arrive or during a backoff", async () => {
    llm.reply("late", { delayMs: 10_000 });
    const controller = new AbortController();
    const pending = collect(clientFor({ firstByteTimeoutMs: 20_000 }), HELLO, controller.signal);
    await llm.waitForRequests(1);
    controller.abort();
    expect(endOf(await pending).stopReason).toBe("cancelled");

    llm.fail(503);
    const second = new AbortController();
    const retrying = collect(
      clientFor({ maxRetries: 3, retryBaseMs: 20_000 }),
      HELLO,
      second.signal,
    );
    await llm.waitForRequests(2);
    second.abort();
    expect(endOf(await retrying).stopReason).toBe("cancelled");
  });

  it("ends at once with cancelled when the signal is already aborted", async () => {
    const events = await collect(clientFor(), HELLO, AbortSignal.abort());
    expect(events).toEqual([
      { type: "response-end", stopReason: "cancelled", text: "", toolCalls: [] },
    ]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe("createOpenAiCompatibleClient against a stream of empty chunks (issue 33 item 8)", () => {
  it("times out a stream that sends only empty chunks: only content keeps it alive", async () => {
    const { createServer } = await import("node:http");
    const timers = new Set<NodeJS.Timeout>();
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = { id: "c", object: "chat.completion.chunk", created: 0, model: "m" };
      const empty = `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: {} }] })}\n\n`;
      const timer = setInterval(() => response.write(empty), 30);
      timers.add(timer);
      response.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const startedAt = Date.now();
      const client = clientFor({ baseUrl: `http://127.0.0.1:${port}/v1`, idleTimeoutMs: 300 });
      const end = endOf(await collect(client));
      expect(end.error?.code).toBe("KERN_MODEL_STALLED");
      // The idle timeout, with a 5x margin on a busy machine: never "forever".
      expect(Date.now() - startedAt).toBeLessThan(1_500 * 5);
    } finally {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
