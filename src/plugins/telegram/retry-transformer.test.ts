import { type ApiCallFn, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { parseJsonRecord } from "../../../test/support/json-lines.js";
import { createLogger, createSilentLogger } from "../../log/index.js";
import { createRetryTransformer } from "./retry-transformer.js";

type Outcome =
  | { ok: true; result: true }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after: number } }
  | "network";

/** A stand-in for grammY's raw API call that plays scripted outcomes and counts calls. */
function scripted(outcomes: Outcome[]) {
  const state = { calls: 0 };
  const previous = (async () => {
    const outcome = outcomes[Math.min(state.calls, outcomes.length - 1)] as Outcome;
    state.calls += 1;
    if (outcome === "network")
      throw new HttpError("Network request failed!", new Error("ECONNRESET"));
    return outcome;
  }) as unknown as ApiCallFn;
  return { previous, state };
}

const payload = { chat_id: 1, text: "hi" };
const tooMany = (retryAfter: number) => ({
  ok: false as const,
  error_code: 429,
  description: "Too Many Requests",
  parameters: { retry_after: retryAfter },
});

describe("createRetryTransformer", () => {
  const options = { logger: createSilentLogger(), networkBackoffMs: 1 };

  it("retries a 429 after retry_after and returns the success", async () => {
    const transformer = createRetryTransformer({
      ...options,
      stopSignal: new AbortController().signal,
    });
    const { previous, state } = scripted([tooMany(0), tooMany(0), { ok: true, result: true }]);
    const response = await transformer(previous, "sendMessage", payload);
    expect(response.ok).toBe(true);
    expect(state.calls).toBe(3);
  });

  it("gives up on 429 after the bounded number of retries and returns the refusal", async () => {
    const stopSignal = new AbortController().signal;
    const transformer = createRetryTransformer({ ...options, stopSignal, maxRateLimitRetries: 2 });
    const { previous, state } = scripted([tooMany(0)]);
    const response = await transformer(previous, "sendMessage", payload);
    expect(response.ok).toBe(false);
    expect(state.calls).toBe(3);
  });

  it("retries network failures a bounded number of times, then throws", async () => {
    const stopSignal = new AbortController().signal;
    const transformer = createRetryTransformer({ ...options, stopSignal, maxNetworkRetries: 3 });
    const failing = scripted(["network"]);
    await expect(transformer(failing.previous, "sendMessage", payload)).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(failing.state.calls).toBe(4);
    const recovering = scripted(["network", { ok: true, result: true }]);
    expect((await transformer(recovering.previous, "sendMessage", payload)).ok).toBe(true);
  });

  it("passes other refusals through untouched", async () => {
    const transformer = createRetryTransformer({
      ...options,
      stopSignal: new AbortController().signal,
    });
    const refusal = {
      ok: false as const,
      error_code: 400,
      description: "Bad Request: chat not found",
    };
    const { previous, state } = scripted([refusal]);
    expect(await transformer(previous, "sendMessage", payload)).toEqual(refusal);
    expect(state.calls).toBe(1);
  });

  it("logs polling failures that grammY would retry quietly", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line) => lines.push(line) },
    });
    const stopSignal = new AbortController().signal;
    const transformer = createRetryTransformer({ logger, stopSignal, networkBackoffMs: 1 });
    const refusal = { ok: false as const, error_code: 502, description: "Bad Gateway" };
    await transformer(scripted([refusal]).previous, "getUpdates", {});
    await transformer(scripted(["network"]).previous, "getUpdates", {}).catch(() => undefined);
    const conflict = { ok: false as const, error_code: 409, description: "Conflict" };
    await transformer(scripted([conflict]).previous, "getUpdates", {});
    const errors = lines.map(parseJsonRecord);
    const levels = errors.filter((entry) => entry["level"] === 50).map((entry) => entry["msg"]);
    expect(levels).toHaveLength(2);
    expect(String(levels[1])).toContain("unreachable");
  });

  it("stops waiting at once when the bot stops", async () => {
    const controller = new AbortController();
    const transformer = createRetryTransformer({ ...options, stopSignal: controller.signal });
    const { previous } = scripted([tooMany(3600)]);
    const pending = transformer(previous, "sendMessage", payload);
    controller.abort();
    await expect(pending).rejects.toThrow(/stopping/);
  });
});
