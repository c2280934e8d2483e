// Hole 11 of issue 18 against the real daemon: every non-2xx answer of the API has the one
// documented error shape `{ error: { code, message } }` (docs/cli.md), including refusals made
// by the HTTP framework and the HTTP parser; and no caller can pose as a Telegram user.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";

interface Probe {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  auth?: boolean;
  status: number;
}

const JSON_TYPE = { "content-type": "application/json" };

const PROBES: Probe[] = [
  { name: "unknown path", method: "GET", path: "/nope", status: 404 },
  { name: "unknown path without auth", method: "GET", path: "/api/x", auth: false, status: 401 },
  { name: "no token", method: "GET", path: "/status", auth: false, status: 401 },
  {
    name: "wrong token",
    method: "GET",
    path: "/status",
    headers: { authorization: "Bearer x" },
    auth: false,
    status: 401,
  },
  { name: "token in the URL", method: "GET", path: "/status?token=abc", status: 400 },
  { name: "events without auth", method: "GET", path: "/events", auth: false, status: 401 },
  {
    name: "wrong login",
    method: "POST",
    path: "/login",
    headers: JSON_TYPE,
    body: '{"token":"nope"}',
    auth: false,
    status: 401,
  },
  {
    name: "login without body",
    method: "POST",
    path: "/login",
    headers: JSON_TYPE,
    auth: false,
    status: 400,
  },
  {
    name: "broken JSON",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: "{",
    status: 400,
  },
  {
    name: "empty JSON",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: "",
    status: 400,
  },
  {
    name: "JSON null",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: "null",
    status: 400,
  },
  {
    name: "JSON array",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: "[1]",
    status: 400,
  },
  {
    name: "empty text",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: '{"text":""}',
    status: 400,
  },
  {
    name: "text of the wrong type",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: '{"text":5}',
    status: 400,
  },
  {
    name: "plain text body",
    method: "POST",
    path: "/message",
    headers: { "content-type": "text/plain" },
    body: "hi",
    status: 415,
  },
  {
    name: "form body",
    method: "POST",
    path: "/message",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "text=hi",
    status: 415,
  },
  {
    name: "body over the limit",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: `{"text":"${"x".repeat(1_100_000)}"}`,
    status: 413,
  },
  {
    name: "cross-origin post",
    method: "POST",
    path: "/message",
    headers: { ...JSON_TYPE, origin: "http://evil.example" },
    body: '{"text":"hi"}',
    status: 403,
  },
  {
    name: "posing as telegram",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: '{"text":"hi","interface":"telegram","user":"4242"}',
    status: 400,
  },
  {
    name: "posing as the system",
    method: "POST",
    path: "/message",
    headers: JSON_TYPE,
    body: '{"text":"hi","interface":"system"}',
    status: 400,
  },
  { name: "bad history limit", method: "GET", path: "/history?limit=abc", status: 400 },
  { name: "history limit too big", method: "GET", path: "/history?limit=100000", status: 400 },
  { name: "recall without a query", method: "GET", path: "/recall/search", status: 400 },
  { name: "unknown segment", method: "GET", path: "/segments/nope", status: 404 },
  {
    name: "unknown pairing code",
    method: "POST",
    path: "/pairing/approve",
    headers: JSON_TYPE,
    body: '{"code":"ZZZZ"}',
    status: 404,
  },
  { name: "wrong method", method: "DELETE", path: "/status", status: 404 },
  {
    name: "PUT a message",
    method: "PUT",
    path: "/message",
    headers: JSON_TYPE,
    body: '{"text":"hi"}',
    status: 404,
  },
  { name: "bad percent-encoding", method: "GET", path: "/segments/%zz", status: 400 },
  { name: "missing asset", method: "GET", path: "/assets/nope.js", auth: false, status: 404 },
  {
    name: "asset path traversal",
    method: "GET",
    path: "/assets/..%2f..%2f.kern%2f.env",
    auth: false,
    status: 404,
  },
  {
    name: "header too large",
    method: "GET",
    path: "/status",
    headers: { "x-big": "y".repeat(20_000) },
    status: 431,
  },
  { name: "oversized URL", method: "GET", path: `/status?q=${"z".repeat(90_000)}`, status: 431 },
  {
    name: "malformed request line",
    method: "GET /status HTTP/1.1\r\nX: y\r\nBROKEN",
    path: "",
    status: 400,
  },
  {
    name: "wrong content length",
    method: "POST",
    path: "/message",
    headers: { ...JSON_TYPE, "content-length": "abc" },
    body: '{"text":"hi"}',
    status: 400,
  },
];

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** Sends `raw` over a socket and reads the whole answer (the daemon closes or the answer ends). */
function rawRequest(port: number, raw: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
      const [head = "", body = ""] = data.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) socket.end();
    });
    // A server that refuses early (413) may reset the connection while the body is still sent.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join("\r\n\r\n") });
    });
    socket.write(raw);
  });
}

function requestText(probe: Probe, port: number, token: string): string {
  if (probe.path === "") return `${probe.method}\r\n\r\n`;
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(probe.auth === false ? {} : { authorization: `Bearer ${token}` }),
    ...(probe.body === undefined
      ? {}
      : { "content-length": String(Buffer.byteLength(probe.body)) }),
    ...probe.headers,
  };
  const lines = Object.entries(headers).map(([key, value]) => `${key}: ${value}`);
  return `${probe.method} ${probe.path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${probe.body ?? ""}`;
}

function shapeOf(body: string): { code: string; message: string } | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    const keys = Object.keys(parsed);
    const { code, message } = parsed.error ?? {};
    if (keys.length !== 1 || typeof code !== "string" || typeof message !== "string") return null;
    return /^KERN_[A-Z_]+$/.test(code) && message.length > 0 ? { code, message } : null;
  } catch {
    return null;
  }
}

describe("the API's error answers (issue 18, hole 11)", () => {
  const agent = useProcessAgent("kern-api-errors-");

  it("answers every bad request with its status and the one error shape", async () => {
    const { url, token } = await startLiveDaemon(agent.dir);
    const port = Number(new URL(url).port);
    const wrong: string[] = [];
    for (const probe of PROBES) {
      const answer = await rawRequest(port, requestText(probe, port, token));
      const shape = shapeOf(answer.body);
      if (answer.status !== probe.status || shape === null) {
        wrong.push(`${probe.name}: ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("keeps Telegram's envelope for the Telegram bot: the API names its own interface", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    agent.llm.reply("hello web");
    const turn = await runTurn(client, "who am I?");
    const start = turn.events.find((event) => event.type === "turn-start");
    expect(start?.type === "turn-start" && start.envelope.interface).toBe("web");
    await expect(
      client.sendMessage({
        text: "I am a telegram user",
        interface: "telegram",
        user: "4242",
      } as never),
    ).rejects.toMatchObject({ code: "KERN_BAD_REQUEST" });
    const history = await client.history({ limit: 50 });
    expect(JSON.stringify(history)).not.toContain("I am a telegram user");
  }, 120_000);
});
