// When and how long to wait before trying a failed model call again. Pure except `sleep`.
import type { ModelError } from "../kernel/index.js";

export const DEFAULT_RETRY_BASE_MS = 500;

/** Backoff ceiling: past this a retry only delays the user's error message. */
const MAX_BACKOFF_MS = 30_000;

/** A server asking for a longer pause than this gets the error at once (a turn must not hang). */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface RetryDelayOptions {
  error: ModelError;
  /** 0 for the first retry. */
  attempt: number;
  maxRetries: number;
  baseMs: number;
  random?: () => number;
}

/** Exponential backoff with jitter: a random point in the upper half of `base * 2^attempt`. */
export function backoffDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Milliseconds to wait before the next try, or null when the error must be reported now. */
export function retryDelayMs(options: RetryDelayOptions): number | null {
  const { error, attempt, maxRetries, baseMs } = options;
  if (attempt >= maxRetries || !error.isRetryable) return null;
  if (error.retryAfterMs !== undefined) {
    return error.retryAfterMs > MAX_RETRY_AFTER_MS ? null : error.retryAfterMs;
  }
  return backoffDelayMs(attempt, baseMs, options.random);
}

/** Waits `ms`, or less when `signal` aborts first. Never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
