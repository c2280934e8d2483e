import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { RichFakeRuntime } from "../../../test/support/rich-fake-runtime.js";
import {
  AUTH,
  logIn,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
  type TestServerOptions,
} from "../../../test/support/web-test-server.js";
import { createLogger } from "../../log/index.js";

let current: TestServer<RichFakeRuntime> | null = null;

function start(overrides: TestServerOptions<RichFakeRuntime> = {}): TestServer<RichFakeRuntime> {
  const started = startTestServer<RichFakeRuntime>({
    runtime: new RichFakeRuntime(),
    ...overrides,
  });
  current = started;
  return started;
}

afterEach(async () => {
  await current?.dispose();
  current = null;
});

async function getJson(url: string): Promise<{ statusCode: number; json: unknown }> {
  if (!current) throw new Error("no server");
  const response = await current.server.inject({ method: "GET", url, headers: AUTH });
  return { statusCode: response.statusCode, json: JSON.parse(response.body) };
}

describe("read endpoints", () => {
  it("pages history backwards with before and limit", async () => {
    start();
    const latest = await getJson("/history?limit=10");
    expect(latest.json).toMatchObject({ hasMore: true });
    const seqs = (latest.json as { messages: Array<{ seq: number }> }).messages.map((m) => m.seq);
    expect(seqs).toHaveLength(10);
    const older = await getJson(`/history?before=${seqs[0]}&limit=5`);
    const olderSeqs = (older.json as { messages: Array<{ seq: number }> }).messages.map(
      (m) => m.seq,
    );
    expect(olderSeqs.at(-1)).toBe((seqs[0] ?? 0) - 1);
    const bad = await getJson("/history?limit=0");
    expect(bad.statusCode).toBe(400);
  });

  it("lists sessions with the current one", async () => {
    start();
    const { json } = await getJson("/sessions");
    expect(json).toMatchObject({ currentSessionId: expect.any(String) });
    expect((json as { sessions: unknown[] }).sessions.length).toBeGreaterThan(1);
  });

  it("serves the system prompt as text and the stats without it", async () => {
    const { server } = start();
    const system = await server.inject({ method: "GET", url: "/context/system", headers: AUTH });
    expect(system.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(system.body).toContain('<document path="AGENTS.md">');
    const stats = await getJson("/context/stats");
    expect(stats.json).toMatchObject({
      tokens: { system: expect.any(Number) },
      trimmedCount: 2100,
    });
    expect(stats.json).not.toHaveProperty("systemPrompt");
  });

  it("composes with another budget on request and validates it", async () => {
    const { runtime } = start();
    expect((await getJson("/context/stats?maxContextTokens=20000")).statusCode).toBe(200);
    expect((await getJson("/context/stats")).statusCode).toBe(200);
    expect(runtime.contextRequests).toEqual([{ maxContextTokens: 20000 }, {}]);
    const bad = await getJson("/context/stats?maxContextTokens=abc");
    expect(bad.statusCode).toBe(400);
  });

  it("lists the segments the summary block holds, with their rows", async () => {
    start();
    const { json } = await getJson("/context/segments");
    const view = json as { segmentIds: string[]; segments: Array<{ id: string; level: number }> };
    expect(view.segmentIds.length).toBeGreaterThan(0);
    expect(view.segments.map((segment) => segment.id)).toEqual(view.segmentIds);
  });

  it("serves the segment tree and one segment, 404 for an unknown id", async () => {
    start();
    const tree = await getJson("/segments");
    const rows = (tree.json as { segments: Array<{ id: string; level: number }> }).segments;
    expect(new Set(rows.map((row) => row.level))).toEqual(new Set([0, 1, 2]));
    const one = await getJson("/segments/seg_L1_000");
    expect(one.json).toMatchObject({ id: "seg_L1_000", childIds: expect.any(Array) });
    const missing = await getJson("/segments/seg_nope");
    expect(missing.statusCode).toBe(404);
    expect((missing.json as { error: { code: string } }).error.code).toBe("KERN_NOT_FOUND");
  });

  it("answers recall stats and searches, and validates the query", async () => {
    start();
    const stats = await getJson("/recall/stats");
    expect(stats.json).toMatchObject({ messages: expect.any(Number), sessions: 2 });
    const found = await getJson("/recall/search?q=restic&k=3");
    const results = (found.json as { results: Array<{ snippet: string }> }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    const missing = await getJson("/recall/search");
    expect(missing.statusCode).toBe(400);
  });

  it("passes recall filters through and refuses an unknown role", async () => {
    const { runtime } = start();
    await getJson("/recall/search?q=restic&role=assistant&after=2026-03-01T00:00:00.000Z");
    await getJson("/recall/search?q=restic&session=s2&before=2026-04-01T00:00:00.000Z");
    expect(runtime.recallFilters).toEqual([
      { role: "assistant", after: "2026-03-01T00:00:00.000Z" },
      { session: "s2", before: "2026-04-01T00:00:00.000Z" },
    ]);
    expect((await getJson("/recall/search?q=restic&role=robot")).statusCode).toBe(400);
  });

  it("serves notes and regenerates the notes summary", async () => {
    const { server } = start();
    const notes = await getJson("/notes");
    expect(notes.json).toMatchObject({ summary: expect.any(String) });
    const regenerated = await server.inject({
      method: "POST",
      url: "/notes/summary",
      headers: AUTH,
    });
    expect(regenerated.statusCode).toBe(200);
    expect(JSON.parse(regenerated.body).summary).toContain("Regenerated");
  });

  it("lists pairings and approves a pending code", async () => {
    const { server, runtime } = start();
    const pending = await runtime.pairing.request({
      channel: "telegram",
      userId: "42",
      chatId: "42",
      name: "Ann",
    });
    const list = await getJson("/pairing");
    expect(list.json).toMatchObject({ pending: [{ code: pending.code }] });
    const approved = await server.inject({
      method: "POST",
      url: "/pairing/approve",
      headers: AUTH,
      payload: { code: pending.code.toLowerCase() },
    });
    expect(approved.statusCode).toBe(200);
    expect(JSON.parse(approved.body)).toMatchObject({ userId: "42", name: "Ann" });
  });
});

describe("static files", () => {
  it("serves the page without login, with a strict CSP", async () => {
    const { server } = start();
    const page = await server.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const script = await server.inject({ method: "GET", url: "/assets/app.js" });
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const styles = await server.inject({ method: "GET", url: "/assets/styles.css" });
    expect(styles.headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("never serves a file outside assets/", async () => {
    const { server } = start();
    for (const url of [
      "/assets/../secret.txt",
      "/assets/%2e%2e/secret.txt",
      "/assets/..%2fsecret.txt",
      "/assets/%2e%2e%2fsecret.txt",
      "/assets/..%5csecret.txt",
      "/assets//etc/passwd",
      "/assets/nope.js",
      "/assets/",
    ]) {
      const response = await server.inject({ method: "GET", url });
      expect(response.body, url).not.toContain("outside assets");
      expect([401, 404], url).toContain(response.statusCode);
    }
  });

  it("answers 503 with the build command when the page was never built", async () => {
    const { server } = start({ staticDir: "/nonexistent/kern-web" });
    const page = await server.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(503);
    expect(JSON.parse(page.body).error.message).toContain("npm run build");
  });
});

describe("logging", () => {
  it("never writes the token, the session id or request queries to the log", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = createLogger({ destination, level: "trace" });
    const { server } = start({ logger });
    const cookie = await logIn(server);
    await server.inject({
      method: "GET",
      url: "/recall/search?q=secretquery",
      headers: { cookie },
    });
    await server.inject({ method: "GET", url: "/status", headers: AUTH });
    await server.inject({ method: "POST", url: "/login", payload: { token: "wrong-token-value" } });
    const text = lines.join("");
    expect(lines.length).toBeGreaterThan(0);
    expect(text).not.toContain(TEST_TOKEN);
    expect(text).not.toContain(cookie.split("=")[1]);
    expect(text).not.toContain("secretquery");
    expect(text).not.toContain("wrong-token-value");
  });
});
