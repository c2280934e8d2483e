// Turns whatever the openai SDK or the network threw into a ModelError with a stable code, the
// HTTP status and the server's retry hint. Messages say how to fix it and never carry a key.
import { APIConnectionError, APIError } from "openai";
import { z } from "zod";
import { ModelError } from "../kernel/index.js";

/** Longest server message kept in ours: enough to diagnose, short enough for a log line. */
const MAX_DETAIL_CHARS = 300;

const streamErrorSchema = z.object({ code: z.union([z.number(), z.string()]).nullish() });

/** Milliseconds the server asked us to wait (`retry-after-ms`, `retry-after` seconds or date). */
export function parseRetryAfterMs(
  headers: Headers | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) {
    return "check the API key in .kern/.env (OPENAI_API_KEY, OPENROUTER_API_KEY, ...)";
  }
  if (status === 404) return "check model and baseUrl in .kern/config.json (or KERN_MODEL)";
  if (status === 429) return "the provider is rate limiting; kern retries with backoff";
  if (status >= 500) return "the provider failed; kern retries transient errors";
  return "the endpoint rejected the request";
}

function detailOf(error: Error): string {
  const text = error.message.replace(/\s+/g, " ").trim();
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

/** An HTTP refusal from the model endpoint as a `KERN_MODEL_HTTP` error. */
export function httpModelError(
  status: number,
  detail: string,
  retryAfterMs?: number,
  cause?: unknown,
) {
  return new ModelError(
    "KERN_MODEL_HTTP",
    `model endpoint answered ${status} (${detail}); ${hintFor(status)}`,
    { status, retryAfterMs, cause },
  );
}

function fromApiError(error: APIError): ModelError {
  if (error.status !== undefined) {
    return httpModelError(error.status, detailOf(error), parseRetryAfterMs(error.headers), error);
  }
  // An `error` object inside the SSE stream (OpenRouter sends upstream failures this way).
  const parsed = streamErrorSchema.safeParse(error.error);
  const code = parsed.success ? Number(parsed.data.code) : Number.NaN;
  if (Number.isInteger(code) && code >= 400 && code < 600) {
    return httpModelError(code, detailOf(error), undefined, error);
  }
  return new ModelError(
    "KERN_MODEL_BAD_RESPONSE",
    `model stream reported an error (${detailOf(error)})`,
    { cause: error },
  );
}

/** A base URL as an error may show it: no user, password, query or fragment (they can hold keys). */
export function displayEndpoint(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}

/**
 * Maps a thrown value to a ModelError; call only after ruling out a caller abort or a stall.
 * `endpoint` (the base URL called) is named in a "could not reach" error.
 */
export function toModelError(error: unknown, endpoint?: string): ModelError {
  if (error instanceof ModelError) return error;
  if (error instanceof APIConnectionError) {
    const where = endpoint ? ` ${displayEndpoint(endpoint)}` : "";
    return new ModelError(
      "KERN_MODEL_NETWORK",
      `could not reach the model endpoint${where} (${detailOf(error)}); check baseUrl in .kern/config.json (or KERN_BASE_URL) and the network`,
      { cause: error },
    );
  }
  if (error instanceof APIError) return fromApiError(error);
  // undici reports a connection that dies mid-body as a TypeError ("terminated").
  if (error instanceof TypeError) {
    return new ModelError("KERN_MODEL_NETWORK", `model stream broke (${detailOf(error)})`, {
      cause: error,
    });
  }
  const detail = error instanceof Error ? detailOf(error) : String(error);
  return new ModelError(
    "KERN_MODEL_BAD_RESPONSE",
    `model sent an unreadable response (${detail})`,
    {
      cause: error,
    },
  );
}
