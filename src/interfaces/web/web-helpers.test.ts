import { describe, expect, it } from "vitest";
import { DEFAULT_WEB_OUT_DIR } from "../../../scripts/build-web.js";
import { clearedSessionCookie, readCookie, sessionCookie } from "./cookies.js";
import { DEFAULT_STATIC_DIR } from "./index.js";
import { hasTokenInUrl, isSameOrigin } from "./request-guards.js";
import { isSafeAssetPath } from "./static-files.js";

describe("readCookie", () => {
  it("finds one cookie among several and decodes it", () => {
    expect(readCookie("a=1; kern_session=ab%20c; b=2", "kern_session")).toBe("ab c");
    expect(readCookie('kern_session="quoted"', "kern_session")).toBe("quoted");
  });

  it("treats missing, nameless and badly encoded cookies as absent", () => {
    expect(readCookie(undefined, "kern_session")).toBeUndefined();
    expect(readCookie("other=1; junk", "kern_session")).toBeUndefined();
    expect(readCookie("kern_session=%E0%A4%A", "kern_session")).toBeUndefined();
  });

  it("writes HttpOnly, SameSite=Strict cookies and clears them", () => {
    const line = sessionCookie({ name: "kern_session", value: "abc", maxAgeSeconds: 60 });
    expect(line).toBe("kern_session=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=60");
    expect(clearedSessionCookie("kern_session")).toContain("Max-Age=0");
  });
});

describe("request guards", () => {
  it("spots a token in the query string", () => {
    expect(hasTokenInUrl("/events?token=abc")).toBe(true);
    expect(hasTokenInUrl("/events?x=1&access_token=abc")).toBe(true);
    expect(hasTokenInUrl("/recall/search?q=token")).toBe(false);
    expect(hasTokenInUrl("/status")).toBe(false);
  });

  it("accepts same-origin or Origin-less requests only", () => {
    expect(isSameOrigin({ host: "127.0.0.1:4000" })).toBe(true);
    expect(isSameOrigin({ origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" })).toBe(true);
    expect(isSameOrigin({ origin: "http://127.0.0.1:5000", host: "127.0.0.1:4000" })).toBe(false);
    expect(isSameOrigin({ origin: "null", host: "127.0.0.1:4000" })).toBe(false);
  });

  it("allows only plain relative asset paths", () => {
    expect(isSafeAssetPath("app.js")).toBe(true);
    expect(isSafeAssetPath("fonts/a.woff2")).toBe(true);
    for (const path of ["", "../x", "a/../../x", "/etc/passwd", "a\\b", "a\0b", "./a", "a//b"]) {
      expect(isSafeAssetPath(path), path).toBe(false);
    }
  });
});

describe("DEFAULT_STATIC_DIR", () => {
  it("points at dist/web in the package root, where build-web writes", () => {
    expect(DEFAULT_STATIC_DIR).toBe(DEFAULT_WEB_OUT_DIR);
  });
});
