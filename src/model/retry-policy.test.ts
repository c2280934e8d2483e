import { describe, expect, it } from "vitest";
import { ModelError } from "../kernel/index.js";
import { backoffDelayMs, MAX_RETRY_AFTER_MS, retryDelayMs } from "./retry-policy.js";
import { parseRetryAfterMs } from "./to-model-error.js";

const unavailable = new ModelError("KERN_MODEL_HTTP", "503", { status: 503 });

describe("retryDelayMs", () => {
  it("backs off exponentially with jitter in the upper half", () => {
    expect(backoffDelayMs(0, 100, () => 0)).toBe(50);
    expect(backoffDelayMs(0, 100, () => 1)).toBe(100);
    expect(backoffDelayMs(3, 100, () => 0.5)).toBe(600);
    expect(backoffDelayMs(30, 100, () => 1)).toBe(30_000);
  });

  it("retries only retryable errors within maxRetries", () => {
    const options = { attempt: 0, maxRetries: 2, baseMs: 100, random: () => 1 };
    expect(retryDelayMs({ ...options, error: unavailable })).toBe(100);
    expect(retryDelayMs({ ...options, error: unavailable, attempt: 2 })).toBeNull();
    const badRequest = new ModelError("KERN_MODEL_HTTP", "400", { status: 400 });
    expect(retryDelayMs({ ...options, error: badRequest })).toBeNull();
  });

  it("honours retry-after, but not one longer than a turn should wait", () => {
    const options = { attempt: 0, maxRetries: 2, baseMs: 100 };
    const soon = new ModelError("KERN_MODEL_HTTP", "429", { status: 429, retryAfterMs: 1500 });
    expect(retryDelayMs({ ...options, error: soon })).toBe(1500);
    const late = new ModelError("KERN_MODEL_HTTP", "429", {
      status: 429,
      retryAfterMs: MAX_RETRY_AFTER_MS + 1,
    });
    expect(retryDelayMs({ ...options, error: late })).toBeNull();
  });
});

describe("parseRetryAfterMs", () => {
  it("reads retry-after-ms, seconds and HTTP dates", () => {
    expect(parseRetryAfterMs(new Headers({ "retry-after-ms": "250" }))).toBe(250);
    expect(parseRetryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    const now = Date.parse("2026-04-02T06:00:00Z");
    const date = new Headers({ "retry-after": "Thu, 02 Apr 2026 06:00:03 GMT" });
    expect(parseRetryAfterMs(date, now)).toBe(3000);
    expect(parseRetryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });
});
