// Keeps long polling alive until stop: grammY's `bot.start()` rejects on 409 (another poller) and
// 401; we log what happened and how to fix it, back off, and start again. Never rejects.
import type { Bot } from "grammy";
import type { Clock } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { abortableDelay } from "../../runtime/index.js";
import { apiErrorCode, toChannelError } from "./telegram-errors.js";

/** First wait after a failure; doubles up to the maximum. */
const INITIAL_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;
/** A run that polled this long was healthy: the next failure starts the backoff over. */
const HEALTHY_RUN_MS = 60_000;

export interface SupervisePollingOptions {
  bot: Bot;
  logger: Logger;
  clock: Clock;
  stopSignal: AbortSignal;
  /** Long-poll timeout of each getUpdates, in seconds. */
  timeoutSeconds: number;
  /** Called each time polling (re)starts. */
  onStart(): void;
  /** Called after each failed run, once it is logged. */
  onFailure(): void;
}

export async function supervisePolling(options: SupervisePollingOptions): Promise<void> {
  const { bot, logger, clock, stopSignal } = options;
  let backoffMs = INITIAL_BACKOFF_MS;
  while (!stopSignal.aborted) {
    const startedAt = clock.now();
    try {
      await bot.start({ onStart: () => options.onStart(), timeout: options.timeoutSeconds });
      return; // bot.start resolves only after bot.stop()
    } catch (error) {
      if (stopSignal.aborted) return;
      if (clock.now() - startedAt >= HEALTHY_RUN_MS) backoffMs = INITIAL_BACKOFF_MS;
      const failure = toChannelError(error);
      logger.error(
        { code: failure.code, status: apiErrorCode(error), retryInMs: backoffMs },
        `telegram polling failed: ${failure.message}`,
      );
      options.onFailure();
    }
    try {
      await abortableDelay(backoffMs, [stopSignal]);
    } catch {
      return; // stopped while waiting
    }
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  }
}
