import { afterEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import {
  AUTH,
  errorCode,
  logIn,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
  type TestServerOptions,
} from "../../../test/support/web-test-server.js";
import { type AgentStatus, FakeClock } from "../../kernel/index.js";

let current: TestServer | null = null;

function start(overrides: TestServerOptions<FakeRuntime> = {}): TestServer {
  const started = startTestServer<FakeRuntime>(overrides);
  current = started;
  return started;
}

afterEach(async () => {
  await current?.dispose();
  current = null;
});

describe("authentication", () => {
  it("refuses API calls without credentials with KERN_UNAUTHORIZED", async () => {
    const { server } = start();
    for (const url of ["/status", "/history", "/sessions", "/segments", "/events", "/nope"]) {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
      expect(errorCode(response.body)).toBe("KERN_UNAUTHORIZED");
    }
  });

  it("accepts the bearer token and refuses a wrong one", async () => {
    const { server } = start();
    const ok = await server.inject({ method: "GET", url: "/status", headers: AUTH });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body).agent).toBe("fake");
    const wrong = await server.inject({
      method: "GET",
      url: "/status",
      headers: { authorization: `Bearer ${TEST_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("never accepts the token in the URL", async () => {
    const { server } = start();
    const response = await server.inject({ method: "GET", url: `/status?token=${TEST_TOKEN}` });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response.body)).toBe("KERN_BAD_REQUEST");
  });

  it("logs in with the token into an HttpOnly, SameSite=Strict cookie that is not the token", async () => {
    const { server } = start();
    const response = await server.inject({
      method: "POST",
      url: "/login",
      payload: { token: TEST_TOKEN },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^kern_session=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain(TEST_TOKEN);
    const status = await server.inject({
      method: "GET",
      url: "/status",
      headers: { cookie: cookie.split(";")[0] ?? "" },
    });
    expect(status.statusCode).toBe(200);
  });

  it("refuses a wrong login token and an invented session cookie", async () => {
    const { server } = start();
    const login = await server.inject({ method: "POST", url: "/login", payload: { token: "x" } });
    expect(login.statusCode).toBe(401);
    expect(login.headers["set-cookie"]).toBeUndefined();
    const forged = await server.inject({
      method: "GET",
      url: "/status",
      headers: { cookie: `kern_session=${"a".repeat(64)}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("ends the session on logout", async () => {
    const { server } = start();
    const cookie = await logIn(server);
    const logout = await server.inject({ method: "POST", url: "/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers["set-cookie"])).toContain("Max-Age=0");
    const after = await server.inject({ method: "GET", url: "/status", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("expires sessions after a week", async () => {
    const clock = new FakeClock();
    const { server } = start({ clock });
    const cookie = await logIn(server);
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    const after = await server.inject({ method: "GET", url: "/status", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("refuses cross-origin state changes even with a valid cookie", async () => {
    const { server } = start();
    const cookie = await logIn(server);
    const response = await server.inject({
      method: "POST",
      url: "/message",
      headers: { cookie, origin: "http://127.0.0.1:9999", host: "127.0.0.1:4000" },
      payload: { text: "hi" },
    });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response.body)).toBe("KERN_FORBIDDEN");
  });

  it("refuses to start with an empty token", () => {
    expect(() => start({ authToken: " " })).toThrow(/KERN_AUTH_TOKEN/);
  });
});

describe("turn endpoints", () => {
  it("submits a message as a web envelope and answers with its turn id", async () => {
    const { server, runtime } = start();
    const response = await server.inject({
      method: "POST",
      url: "/message",
      headers: AUTH,
      payload: { text: "hello", user: "ann" },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).turnId).toMatch(/^turn_/);
    expect(runtime.envelopes[0]).toMatchObject({ text: "hello", interface: "web", user: "ann" });
  });

  it("validates the message body with the protocol schema", async () => {
    const { server } = start();
    const response = await server.inject({
      method: "POST",
      url: "/message",
      headers: AUTH,
      payload: { text: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response.body)).toBe("KERN_BAD_REQUEST");
    expect(JSON.parse(response.body).error.message).toContain("text");
  });

  it("refuses malformed JSON and non-JSON bodies with catalogue codes", async () => {
    const { server } = start();
    const broken = await server.inject({
      method: "POST",
      url: "/message",
      headers: { ...AUTH, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(errorCode(broken.body)).toBe("KERN_BAD_REQUEST");
    const text = await server.inject({
      method: "POST",
      url: "/message",
      headers: { ...AUTH, "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
    expect(errorCode(text.body)).toBe("KERN_UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers 413 KERN_BODY_TOO_LARGE past the body limit", async () => {
    const { server } = start({ bodyLimit: 1000 });
    const response = await server.inject({
      method: "POST",
      url: "/message",
      headers: AUTH,
      payload: { text: "x".repeat(2000) },
    });
    expect(response.statusCode).toBe(413);
    expect(errorCode(response.body)).toBe("KERN_BODY_TOO_LARGE");
  });

  it("cancels a turn through the runtime, with or without a JSON content type", async () => {
    const { server, runtime } = start();
    const response = await server.inject({
      method: "POST",
      url: "/turns/turn_abc/cancel",
      headers: { ...AUTH, "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ turnId: "turn_abc", cancelled: false });
    expect(runtime.cancelled).toEqual(["turn_abc"]);
  });

  it("calls onRestartRequest after answering POST /restart, and 503 without one", async () => {
    let restarts = 0;
    const { server } = start({ onRestartRequest: () => restarts++ });
    const response = await server.inject({ method: "POST", url: "/restart", headers: AUTH });
    expect(response.statusCode).toBe(202);
    expect(restarts).toBe(1);
    await current?.dispose();
    const other = start();
    const refused = await other.server.inject({ method: "POST", url: "/restart", headers: AUTH });
    expect(refused.statusCode).toBe(503);
    expect(errorCode(refused.body)).toBe("KERN_UNAVAILABLE");
  });
});

describe("reply contract", () => {
  class DriftingRuntime extends FakeRuntime {
    override async status(): Promise<AgentStatus> {
      // A runtime whose answer drifted from the protocol: the server must not send it on.
      return { ...(await super.status()), pid: "not a number" } as unknown as AgentStatus;
    }
  }

  it("validates each reply against its protocol schema: a drifted shape is a 500, not sent", async () => {
    const { server } = start({ runtime: new DriftingRuntime() });
    const response = await server.inject({ method: "GET", url: "/status", headers: AUTH });
    expect(response.statusCode).toBe(500);
    expect(errorCode(response.body)).toBe("KERN_INTERNAL");
    expect(response.body).not.toContain("not a number");
  });

  it("sends a reply that fits its schema as the runtime gave it", async () => {
    const runtime = new FakeRuntime();
    const { server } = start({ runtime });
    const response = await server.inject({ method: "GET", url: "/status", headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(await runtime.status());
  });
});
