import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { FakeClock } from "../../kernel/index.js";
import { SESSION_TTL_MS, WebAuth } from "./web-auth.js";

describe("WebAuth sessions on disk", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let file: string;
  const clock = new FakeClock(1_000_000);
  const auth = (authToken = "secret-token") =>
    new WebAuth({ authToken, cookieName: "kern_session", clock, sessionsFile: file });

  beforeEach(() => {
    temp = makeTempDir("kern-web-auth-");
    file = join(temp.path, "web-sessions.json");
  });
  afterEach(() => temp.cleanup());

  it("keeps a session across a restart, and stores neither the id nor the token", () => {
    const id = auth().createSession();
    expect(auth().hasSession(id)).toBe(true);
    const stored = readFileSync(file, "utf8");
    expect(stored).not.toContain(id);
    expect(stored).not.toContain("secret-token");
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("revokes on logout, on a new token, and by expiry", () => {
    const first = auth();
    const loggedOut = first.createSession();
    const kept = first.createSession();
    first.deleteSession(loggedOut);
    expect(auth().hasSession(loggedOut)).toBe(false);
    expect(auth().hasSession(kept)).toBe(true);
    expect(auth("a-new-token").hasSession(kept)).toBe(false);
    clock.advance(SESSION_TTL_MS + 1);
    expect(auth().hasSession(kept)).toBe(false);
  });

  it("starts with no sessions from a damaged file", () => {
    writeFileSync(file, "{not json");
    const fresh = auth();
    expect(fresh.hasSession("anything")).toBe(false);
    expect(fresh.hasSession(fresh.createSession())).toBe(true);
  });
});
