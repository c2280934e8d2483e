import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentStatus, KernErrorCode } from "../kernel/index.js";
import { isKernError } from "../kernel/index.js";
import type { StreamEvent } from "../protocol/index.js";
import { createDaemonClient } from "./daemon-client.js";
import { waitForDaemon } from "./wait-for-daemon.js";

const TOKEN = "secret-token-123";

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

type Route = (request: RecordedRequest, response: ServerResponse) => void;

/** A tiny fake daemon: routes by "METHOD /path", records requests, serves an SSE stream. */
async function startFakeDaemon(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const streams: ServerResponse[] = [];
  const server: Server = createServer((incoming, response) => {
    void readBody(incoming).then((text) => {
      const request: RecordedRequest = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        authorization: incoming.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(request);
      const path = request.url.split("?")[0];
      if (request.method === "GET" && path === "/events" && !routes["GET /events"]) {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(": connected\n\n");
        streams.push(response);
        return;
      }
      const route = routes[`${request.method} ${path}`];
      if (route) route(request, response);
      else sendJson(response, 404, { error: { code: "KERN_NOT_FOUND", message: `no ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    send(raw: string) {
      for (const stream of streams) stream.write(raw);
    },
    endStreams() {
      for (const stream of streams) stream.end();
    },
  };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => resolve(text));
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const json =
  (body: unknown, status = 200): Route =>
  (_request, response) =>
    sendJson(response, status, body);

function aStatus(): AgentStatus {
  return {
    agent: "ada",
    agentDir: "/tmp/ada",
    model: "gpt-test",
    provider: "openai",
    pid: 42,
    uptimeMs: 1000,
    port: 4100,
    url: "http://127.0.0.1:4100/",
    session: { id: "s1", messages: 3, tokens: 120 },
    queue: { running: null, waiting: 0 },
    memory: {
      status: "idle",
      pendingJobs: 0,
      segments: { "0": 2 },
      staleSegments: 0,
      unsegmentedMessages: 4,
      lastRunAt: null,
      lastError: null,
    },
    channels: [{ id: "telegram", enabled: false, pairedUsers: 0, pendingCodes: 0, detail: null }],
    toolSources: [],
  };
}

async function codeOf(promise: Promise<unknown>): Promise<KernErrorCode | "none"> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (isKernError(error)) return error.code;
    throw error;
  }
}

async function freeUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("createDaemonClient requests", () => {
  it("sends the token only in the Authorization header and parses the status", async () => {
    const daemon = await startFakeDaemon({ "GET /status": json(aStatus()) });
    const client = createDaemonClient({ baseUrl: `${daemon.baseUrl}/`, token: TOKEN });
    expect(await client.status()).toEqual(aStatus());
    expect(daemon.requests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(daemon.requests[0]?.url).toBe("/status");
  });

  it("posts a message and returns the turn id", async () => {
    const daemon = await startFakeDaemon({ "POST /message": json({ turnId: "turn-1" }) });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await client.sendMessage({ text: "hi", interface: "tui" })).toEqual({
      turnId: "turn-1",
    });
    expect(daemon.requests[0]?.body).toEqual({ text: "hi", interface: "tui" });
  });

  it("sends and reads non-ASCII text whole (bytes, not characters, on the wire)", async () => {
    const text = `Grüße, 東京 ✓ ${"ü".repeat(40_000)}`;
    const daemon = await startFakeDaemon({
      "POST /message": json({ turnId: "turn-ü" }),
      "GET /status": json({ ...aStatus(), agent: text }),
    });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await client.sendMessage({ text, interface: "tui" })).toEqual({ turnId: "turn-ü" });
    expect(daemon.requests[0]?.body).toEqual({ text, interface: "tui" });
    expect((await client.status()).agent).toBe(text);
  });

  it("puts query parameters and path ids in the URL, encoded", async () => {
    const daemon = await startFakeDaemon({
      "GET /history": json({ session: "s1", messages: [], hasMore: false }),
      "GET /recall/search": json({ query: "a b", results: [] }),
      "POST /turns/t%2F1/cancel": json({ turnId: "t/1", cancelled: true }),
    });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    await client.history({ before: 10, limit: 5 });
    await client.history({ limit: 50 });
    await client.recall("a b", 3);
    await client.recall("a", 2, { role: "user", after: "2026-03-01T00:00:00.000Z" });
    expect((await client.cancelTurn("t/1")).cancelled).toBe(true);
    expect(daemon.requests.map((request) => request.url)).toEqual([
      "/history?limit=5&before=10",
      "/history?limit=50",
      "/recall/search?q=a+b&k=3",
      "/recall/search?q=a&k=2&role=user&after=2026-03-01T00%3A00%3A00.000Z",
      "/turns/t%2F1/cancel",
    ]);
  });

  it("reads the segments the summary block holds", async () => {
    const view = { session: "s1", segmentIds: [], segments: [] };
    const daemon = await startFakeDaemon({ "GET /context/segments": json(view) });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await client.contextSegments()).toEqual(view);
  });

  it("reads the system prompt as text", async () => {
    const daemon = await startFakeDaemon({
      "GET /context/system": (_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end('<document path="AGENTS.md">x</document>');
      },
    });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await client.contextSystem()).toBe('<document path="AGENTS.md">x</document>');
  });
});

describe("createDaemonClient errors", () => {
  it("keeps the catalogue code of an error body, else KERN_DAEMON_API", async () => {
    const daemon = await startFakeDaemon({
      "POST /pairing/approve": json(
        { error: { code: "KERN_PAIRING_UNKNOWN", message: "no code KERN-XXXX" } },
        404,
      ),
      "GET /notes": json({ error: { code: "SOMETHING_NEW", message: "?" } }, 500),
      "GET /sessions": (_request, response) => {
        response.writeHead(502);
        response.end("bad gateway");
      },
    });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await codeOf(client.pairingApprove("KERN-XXXX"))).toBe("KERN_PAIRING_UNKNOWN");
    expect(await codeOf(client.segment("nope"))).toBe("KERN_NOT_FOUND");
    expect(await codeOf(client.notes())).toBe("KERN_DAEMON_API");
    expect(await codeOf(client.sessions())).toBe("KERN_DAEMON_API");
  });

  it("reports KERN_DAEMON_NOT_RUNNING when nothing listens", async () => {
    const client = createDaemonClient({ baseUrl: await freeUrl(), token: TOKEN });
    expect(await codeOf(client.status())).toBe("KERN_DAEMON_NOT_RUNNING");
  });

  it("rejects an answer of the wrong shape", async () => {
    const daemon = await startFakeDaemon({ "GET /status": json({ agent: 1 }) });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    expect(await codeOf(client.status())).toBe("KERN_DAEMON_API");
  });

  it("gives up on a daemon that does not answer in time", async () => {
    const daemon = await startFakeDaemon({ "GET /status": () => undefined });
    const client = createDaemonClient({
      baseUrl: daemon.baseUrl,
      token: TOKEN,
      requestTimeoutMs: 50,
    });
    expect(await codeOf(client.status())).toBe("KERN_DAEMON_API");
  });
});

describe("createDaemonClient events", () => {
  const delta = (text: string): StreamEvent => ({ type: "text-delta", turnId: "t1", text });
  const frame = (event: StreamEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

  it("yields valid events, skips heartbeats and unknown ones, ends when the connection closes", async () => {
    const daemon = await startFakeDaemon({});
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    const received: StreamEvent[] = [];
    let opened = false;
    const done = (async () => {
      const events = client.events(new AbortController().signal, {
        onOpen: () => {
          opened = true;
          daemon.send(`${frame(delta("hel"))}: heartbeat\n\nevent: x\ndata: {"type":"x"}\n\n`);
          daemon.send(frame(delta("lo")).slice(0, 20));
          daemon.send(frame(delta("lo")).slice(20));
          daemon.endStreams();
        },
      });
      for await (const event of events) received.push(event);
    })();
    await done;
    expect(opened).toBe(true);
    expect(received).toEqual([delta("hel"), delta("lo")]);
    expect(daemon.requests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("ends quietly when the caller aborts", async () => {
    const daemon = await startFakeDaemon({});
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN });
    const controller = new AbortController();
    const received: StreamEvent[] = [];
    const events = client.events(controller.signal, {
      onOpen: () => daemon.send(frame(delta("a"))),
    });
    for await (const event of events) {
      received.push(event);
      controller.abort();
    }
    expect(received).toEqual([delta("a")]);
  });

  it("throws KERN_DAEMON_NOT_RUNNING when nothing listens, and the daemon's error otherwise", async () => {
    const down = createDaemonClient({ baseUrl: await freeUrl(), token: TOKEN });
    const consume = async (events: AsyncIterable<StreamEvent>) => {
      for await (const _event of events) break;
    };
    expect(await codeOf(consume(down.events(new AbortController().signal)))).toBe(
      "KERN_DAEMON_NOT_RUNNING",
    );
    const daemon = await startFakeDaemon({
      "GET /events": json({ error: { code: "KERN_UNAUTHORIZED", message: "bad token" } }, 401),
    });
    const refused = createDaemonClient({ baseUrl: daemon.baseUrl, token: "wrong" });
    expect(await codeOf(consume(refused.events(new AbortController().signal)))).toBe(
      "KERN_UNAUTHORIZED",
    );
  });
});

describe("waitForDaemon", () => {
  it("retries while nothing answers and resolves with the first status", async () => {
    const daemon = await startFakeDaemon({ "GET /status": json(aStatus()) });
    let failures = 2;
    const flakyFetch: typeof fetch = (input, init) => {
      if (failures-- > 0) return Promise.reject(new TypeError("fetch failed"));
      return fetch(input, init);
    };
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: TOKEN, fetch: flakyFetch });
    const status = await waitForDaemon(client, { timeoutMs: 5000, intervalMs: 5 });
    expect(status.agent).toBe("ada");
    expect(failures).toBe(-1);
  });

  it("throws KERN_DAEMON_NOT_RUNNING after the timeout", async () => {
    const client = createDaemonClient({ baseUrl: await freeUrl(), token: TOKEN });
    expect(await codeOf(waitForDaemon(client, { timeoutMs: 60, intervalMs: 10 }))).toBe(
      "KERN_DAEMON_NOT_RUNNING",
    );
  });

  it("stops at once on an error that retrying cannot fix", async () => {
    const daemon = await startFakeDaemon({
      "GET /status": json({ error: { code: "KERN_UNAUTHORIZED", message: "bad token" } }, 401),
    });
    const client = createDaemonClient({ baseUrl: daemon.baseUrl, token: "wrong" });
    expect(await codeOf(waitForDaemon(client, { timeoutMs: 5000 }))).toBe("KERN_UNAUTHORIZED");
    expect(daemon.requests).toHaveLength(1);
  });
});
