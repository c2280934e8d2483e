// A grammY API transformer that retries what is worth retrying: 429 after the `retry_after` the Bot
// API asks for, and network failures with a bounded exponential backoff. Everything else (and
// anything after stop) goes straight back to the caller.
import { HttpError, type Transformer } from "grammy";
import type { Logger } from "../../log/index.js";
import { abortableDelay, isAnyAborted } from "../../runtime/index.js";
import { explainChannelError } from "./telegram-errors.js";

export interface RetryTransformerOptions {
  logger: Logger;
  /** Aborted when the bot stops: pending waits end at once. */
  stopSignal: AbortSignal;
  /** Retries of one call after 429 (default 5). */
  maxRateLimitRetries?: number;
  /** Retries of one call after a network failure (default 3). */
  maxNetworkRetries?: number;
  /** First network backoff; doubles on each retry (default 500 ms). */
  networkBackoffMs?: number;
}

/** Refusals that make `bot.start()` reject: supervisePolling logs those. */
const SUPERVISED_CODES = new Set([401, 404, 409]);

/**
 * grammY retries other polling failures by itself, every 3 s, and says so only in debug output:
 * log them here, so a broken poller is visible in kern's log.
 */
function reportPollingFailure(
  logger: Logger,
  failure: { error_code: number; description: string } | HttpError,
): void {
  if (failure instanceof HttpError) {
    logger.error(
      { error: failure.message },
      `telegram polling failed: ${explainChannelError(failure)}`,
    );
  } else if (!SUPERVISED_CODES.has(failure.error_code)) {
    const { error_code: status, description } = failure;
    logger.error({ status, description }, "telegram polling refused; grammY retries in 3 s");
  }
}

/** Seconds to wait when a 429 comes without `retry_after` (the Bot API always sends one). */
const DEFAULT_RETRY_AFTER_SECONDS = 3;

export function createRetryTransformer(options: RetryTransformerOptions): Transformer {
  const maxRateLimitRetries = options.maxRateLimitRetries ?? 5;
  const maxNetworkRetries = options.maxNetworkRetries ?? 3;
  const networkBackoffMs = options.networkBackoffMs ?? 500;
  const { logger, stopSignal } = options;
  return async (previous, method, payload, signal) => {
    const signals = [signal, stopSignal];
    let rateLimited = 0;
    let networkFailures = 0;
    for (;;) {
      try {
        const response = await previous(method, payload, signal);
        if (response.ok || response.error_code !== 429 || rateLimited >= maxRateLimitRetries) {
          if (!response.ok && method === "getUpdates") reportPollingFailure(logger, response);
          return response;
        }
        rateLimited += 1;
        const retryAfter = response.parameters?.retry_after ?? DEFAULT_RETRY_AFTER_SECONDS;
        logger.warn({ method, retryAfter, attempt: rateLimited }, "telegram rate limit, waiting");
        await abortableDelay(retryAfter * 1000, signals);
      } catch (error) {
        const retryable = error instanceof HttpError && !isAnyAborted(signals);
        if (!retryable || networkFailures >= maxNetworkRetries) {
          if (retryable && method === "getUpdates") reportPollingFailure(logger, error);
          throw error;
        }
        const delayMs = networkBackoffMs * 2 ** networkFailures;
        networkFailures += 1;
        logger.warn(
          { method, delayMs, attempt: networkFailures, error: error.message },
          "telegram network failure, retrying",
        );
        await abortableDelay(delayMs, signals);
      }
    }
  };
}
