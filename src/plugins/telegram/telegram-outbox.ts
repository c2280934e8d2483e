// Everything the bot sends goes through here: one queue per chat keeps messages in order across
// turns, edits are spaced by `editIntervalMs` per chat (the channel kit's ChatQueue and
// EditThrottle), and HTML Telegram refuses is resent as plain text (SG-24). Calls throw
// ChannelError; callers decide whether to log or rethrow.
import type { Api } from "grammy";
import type { Clock } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { ChatQueue, EditThrottle, type ReplyOutbox } from "../../runtime/index.js";
import { htmlToPlainText, renderTelegramHtml } from "./render-reply.js";
import { splitReply } from "./split-reply.js";
import {
  isMessageGoneError,
  isNotModifiedError,
  isParseEntitiesError,
  toChannelError,
} from "./telegram-errors.js";

/** A chat id as Telegram wants it: numeric ids as numbers, `@channel` names as they are. */
export function toChatId(chatId: string): ChatId {
  return /^-?\d+$/.test(chatId) ? Number(chatId) : chatId;
}

export type ChatId = number | string;

export interface TelegramOutboxOptions {
  api: Api;
  logger: Logger;
  clock: Clock;
  editIntervalMs: number;
  stopSignal: AbortSignal;
}

/** True when a chunk shows nothing (Telegram refuses empty messages). */
export function isBlankHtml(html: string): boolean {
  return htmlToPlainText(html).trim() === "";
}

export class TelegramOutbox implements ReplyOutbox<ChatId, number> {
  private readonly queue = new ChatQueue();
  private readonly throttle: EditThrottle;

  constructor(private readonly options: TelegramOutboxOptions) {
    const { clock, editIntervalMs: intervalMs, stopSignal } = options;
    this.throttle = new EditThrottle({ clock, intervalMs, stopSignal });
  }

  /** Runs `task` after every task queued before it for the same chat. Rejections pass through. */
  run<T>(chatId: ChatId, task: () => Promise<T>): Promise<T> {
    return this.queue.run(chatId, task);
  }

  /** Resolves when every queued task of every chat has settled. */
  settle(): Promise<void> {
    return this.queue.settle();
  }

  /** Sends one chunk of HTML; on `can't parse entities` resends it as plain text. */
  async send(chatId: ChatId, html: string): Promise<number> {
    try {
      const message = await this.options.api.sendMessage(chatId, html, { parse_mode: "HTML" });
      this.markUpdate(chatId);
      return message.message_id;
    } catch (error) {
      if (!isParseEntitiesError(error)) throw toChannelError(error);
      this.options.logger.warn({ chatId }, "telegram refused our HTML, resending as plain text");
    }
    try {
      const message = await this.options.api.sendMessage(chatId, htmlToPlainText(html));
      this.markUpdate(chatId);
      return message.message_id;
    } catch (error) {
      throw toChannelError(error);
    }
  }

  /** Edits a message; false when it no longer exists. An unchanged text counts as done. */
  async edit(chatId: ChatId, messageId: number, html: string): Promise<boolean> {
    const api = this.options.api;
    try {
      await api.editMessageText(chatId, messageId, html, { parse_mode: "HTML" });
    } catch (error) {
      if (isNotModifiedError(error)) return true;
      if (isMessageGoneError(error)) return false;
      if (!isParseEntitiesError(error)) throw toChannelError(error);
      try {
        await api.editMessageText(chatId, messageId, htmlToPlainText(html));
      } catch (plainError) {
        if (isNotModifiedError(plainError)) return true;
        if (isMessageGoneError(plainError)) return false;
        throw toChannelError(plainError);
      }
    } finally {
      this.markUpdate(chatId);
    }
    return true;
  }

  /** Renders Markdown, splits it and sends every chunk as a new message, in order. */
  async sendMarkdown(chatId: ChatId, markdown: string): Promise<void> {
    for (const chunk of splitReply(renderTelegramHtml(markdown))) {
      if (!isBlankHtml(chunk)) await this.send(chatId, chunk);
    }
  }

  /** Shows "typing…" in the chat; failures only matter at debug level. */
  async typing(chatId: ChatId): Promise<void> {
    try {
      await this.options.api.sendChatAction(chatId, "typing");
    } catch (error) {
      this.options.logger.debug({ chatId, error: toChannelError(error).message }, "typing failed");
    }
  }

  /** Waits until this chat's last send or edit is `editIntervalMs` old (call before `edit`). */
  waitForEditSlot(chatId: ChatId): Promise<void> {
    return this.throttle.waitForSlot(chatId);
  }

  private markUpdate(chatId: ChatId): void {
    this.throttle.mark(chatId);
  }
}
