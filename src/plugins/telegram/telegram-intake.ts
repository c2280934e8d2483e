// How Telegram messages reach handleMessage (issue 49 item 7): grammY hands updates over one at a
// time and confirms their offsets on its next getUpdates, so the handler records each message in
// the durable inbox first, queues it behind its own chat's earlier ones and returns. A photo
// described for 20 s delays no other chat, each chat's messages still reach the runtime in order,
// and a kill -9 during a slow intake loses nothing: the inbox replays it at the next start.
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { ChatQueue } from "../../runtime/index.js";
import type { InboxEntry, TelegramInbox } from "./telegram-inbox.js";
import type { IncomingTelegramMessage } from "./to-envelope.js";

export interface TelegramIntakeOptions {
  inbox: TelegramInbox;
  logger: Logger;
  /** Handles one message; resolves once it is with the runtime (or answered). */
  handle(message: IncomingTelegramMessage): Promise<void>;
  /** Aborted on stop: a message whose handling failed then is replayed at the next start. */
  stopSignal: AbortSignal;
}

export class TelegramIntake {
  private readonly inbound = new ChatQueue();
  private replayed = false;

  constructor(private readonly options: TelegramIntakeOptions) {}

  /** Takes a message from getUpdates: recorded (fsync), queued, and returns at once. */
  take(entry: InboxEntry): void {
    const { inbox, logger } = this.options;
    try {
      if (!inbox.take(entry)) {
        logger.info({ updateId: entry.updateId }, "telegram update given again: handled already");
        return;
      }
    } catch (error) {
      // A full disk: handled all the same, only not replayed after a crash.
      logger.warn({ error: describeError(error) }, "telegram inbox could not record a message");
    }
    this.queue(entry);
  }

  /** Queues the messages taken before the last stop or crash and never handled; once. */
  replay(): void {
    if (this.replayed) return;
    this.replayed = true;
    const pending = this.options.inbox.pending;
    if (pending.length > 0) {
      this.options.logger.info({ count: pending.length }, "telegram replays unhandled messages");
    }
    for (const entry of pending) this.queue(entry);
  }

  /** Resolves once every queued message has been handled. */
  settle(): Promise<void> {
    return this.inbound.settle();
  }

  close(): void {
    this.options.inbox.close();
  }

  private queue(entry: InboxEntry): void {
    const { inbox, logger, handle, stopSignal } = this.options;
    const { updateId, message } = entry;
    this.inbound
      .run(message.chat.id, () => handle(message))
      .then(
        () => inbox.done(updateId),
        (error: unknown) => {
          logger.error(
            { updateId, chatId: message.chat.id, error: describeError(error) },
            "telegram message failed",
          );
          // Cut by a stop: replayed at the next start. Failed otherwise: not again (a poison
          // message must not come back at every start).
          if (!stopSignal.aborted) inbox.done(updateId);
        },
      );
  }
}
