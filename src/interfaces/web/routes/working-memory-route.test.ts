import { afterEach, describe, expect, it } from "vitest";
import type { FakeRuntime } from "../../../../test/fakes/fake-runtime.js";
import {
  AUTH,
  errorCode,
  startTestServer,
  type TestServer,
} from "../../../../test/support/web-test-server.js";

let current: TestServer<FakeRuntime> | null = null;
afterEach(async () => {
  await current?.dispose();
  current = null;
});

const VIEW = {
  session: "s1",
  updatedAt: "2026-04-02T06:00:00.000Z",
  method: "rules",
  seqEnd: 4,
  content: "## Task State\n- Now: Set up the cache",
  state: {
    task: { now: "Set up the cache", next: null },
    decisions: [],
    files: [],
    context: [],
    preferences: [],
  },
};

describe("GET /memory/working", () => {
  it("answers the runtime's working memory", async () => {
    current = startTestServer();
    current.runtime.workingMemoryView = VIEW;
    const response = await current.server.inject({
      method: "GET",
      url: "/memory/working",
      headers: AUTH,
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual(VIEW);
  });

  it("answers KERN_NOT_FOUND before the first update", async () => {
    current = startTestServer();
    const response = await current.server.inject({
      method: "GET",
      url: "/memory/working",
      headers: AUTH,
    });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response.body)).toBe("KERN_NOT_FOUND");
  });
});
