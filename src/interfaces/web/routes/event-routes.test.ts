import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeRuntime } from "../../../../test/fakes/fake-runtime.js";
import {
  AUTH,
  logIn,
  startTestServer,
  type TestServer,
} from "../../../../test/support/web-test-server.js";
import type { RuntimeEvent } from "../../../kernel/index.js";
import { streamEventSchema } from "../../../protocol/index.js";

/** Counts live subscriptions so a test can see the stream let go of the runtime. */
class CountingRuntime extends FakeRuntime {
  active = 0;

  override subscribe(listener: (event: RuntimeEvent) => void): () => void {
    this.active += 1;
    const unsubscribe = super.subscribe(listener);
    return () => {
      this.active -= 1;
      unsubscribe();
    };
  }
}

let current: TestServer<CountingRuntime> | null = null;
const controllers: AbortController[] = [];

afterEach(async () => {
  for (const controller of controllers.splice(0)) controller.abort();
  await current?.server.close();
  await current?.dispose();
  current = null;
});

async function openStream(headers: Record<string, string>, heartbeatMs = 15_000) {
  const started = startTestServer<CountingRuntime>({ runtime: new CountingRuntime(), heartbeatMs });
  current = started;
  const { url } = await started.server.listen({ host: "127.0.0.1", port: 0 });
  const controller = new AbortController();
  controllers.push(controller);
  const response = await fetch(`${url}events`, { headers, signal: controller.signal });
  return { response, controller, runtime: started.runtime, url };
}

/** Reads the stream until `done(text)` holds for everything read so far. */
async function readUntil(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

function parseFrames(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split("\n\n")
    .filter((frame) => frame.startsWith("event: "))
    .map((frame) => {
      const [eventLine, dataLine] = frame.split("\n");
      return {
        event: (eventLine ?? "").slice("event: ".length),
        data: JSON.parse((dataLine ?? "").slice("data: ".length)),
      };
    });
}

describe("GET /events", () => {
  it("drops a client that stops reading, with the reason after what it had not read", async () => {
    const { response, runtime } = await openStream(AUTH);
    await vi.waitFor(() => expect(runtime.active).toBe(1));
    const chunk = "w".repeat(256 * 1024);
    // Nothing reads while 64 MB of events are emitted: kernel buffers fill, then the stream's.
    for (let index = 0; index < 256; index += 1) {
      runtime.emit({ type: "text-delta", turnId: "t1", text: chunk });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = await readUntil(response, () => false);
    expect(text.trimEnd().endsWith("reconnect and read faster")).toBe(true);
    expect(text).toContain(": dropped: over 4194304 bytes unread");
    expect(text.length).toBeLessThan(40 * 1024 * 1024);
    await vi.waitFor(() => expect(runtime.active).toBe(0));
  });

  it("streams every runtime event as an SSE frame that matches the protocol", async () => {
    const { response, runtime, url } = await openStream(AUTH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    await vi.waitFor(() => expect(runtime.active).toBe(1));
    const posted = await fetch(`${url}message`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello" }),
    });
    const { turnId } = (await posted.json()) as { turnId: string };
    runtime.emit({ type: "error", code: "KERN_MODEL_HTTP", message: "boom" });
    const text = await readUntil(response, (read) => read.includes("event: error"));
    const frames = parseFrames(text);
    expect(frames.map((frame) => frame.event)).toEqual([
      "turn-start",
      "text-delta",
      "turn-end",
      "error",
    ]);
    for (const frame of frames) expect(streamEventSchema.parse(frame.data).type).toBe(frame.event);
    expect(frames[2]?.data).toMatchObject({ turnId, text: "echo: hello", stopReason: "end" });
  });

  it("sends heartbeat comments", async () => {
    const { response } = await openStream(AUTH, 20);
    const text = await readUntil(response, (read) => read.includes(": heartbeat"));
    expect(text).toContain(": heartbeat\n\n");
  });

  it("unsubscribes when the client goes away", async () => {
    const { response, controller, runtime } = await openStream(AUTH);
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(runtime.active).toBe(1));
    controller.abort();
    await vi.waitFor(() => expect(runtime.active).toBe(0));
  });

  it("accepts the session cookie, refuses no credentials, and closes with a client attached", async () => {
    const started = startTestServer<CountingRuntime>({ runtime: new CountingRuntime() });
    current = started;
    const cookie = await logIn(started.server);
    const { url } = await started.server.listen({ host: "127.0.0.1", port: 0 });
    const refused = await fetch(`${url}events`);
    expect(refused.status).toBe(401);
    const controller = new AbortController();
    controllers.push(controller);
    const response = await fetch(`${url}events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(started.runtime.active).toBe(1));
    await started.server.close();
    await vi.waitFor(() => expect(started.runtime.active).toBe(0));
  });
});
