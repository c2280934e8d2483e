// What happens to one inbound Telegram message: ignored (not for us), or handed to the channel
// kit's admitMessage (a pairing code for an unknown user, a greeting for /start, else a turn).
import type { Api } from "grammy";
import { describeError, KernError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  admitMessage,
  type InboundFile,
  type RuntimeApi,
  type TurnRouter,
} from "../../runtime/index.js";
import { escapeHtml } from "./escape-html.js";
import {
  type TelegramFileRef,
  takeInTelegramFile,
  telegramFileOf,
  unreadFileText,
} from "./telegram-media.js";
import type { ChatId, TelegramOutbox } from "./telegram-outbox.js";
import {
  type BotIdentity,
  type IncomingTelegramMessage,
  TELEGRAM,
  toEnvelope,
} from "./to-envelope.js";

export interface HandleMessageOptions {
  runtime: RuntimeApi;
  outbox: TelegramOutbox;
  router: TurnRouter<ChatId>;
  logger: Logger;
  /** Where files are downloaded from (getFile + the file path); absent: files are refused. */
  files?: { api: Api; apiRoot: string; token: string; stopSignal: AbortSignal };
}

const START = /^\/start(?:\s|$)/;

/** Handles one message. Resolves once it is queued: the reply streams in the background. */
export async function handleMessage(
  message: IncomingTelegramMessage,
  bot: BotIdentity,
  options: HandleMessageOptions,
): Promise<void> {
  const envelope = toEnvelope(message, bot);
  if (!envelope?.user || !envelope.channel) return;
  const chatId = message.chat.id;
  const ref = telegramFileOf(message);
  await admitMessage({
    channel: TELEGRAM,
    runtime: options.runtime,
    router: options.router,
    logger: options.logger,
    chat: chatId,
    envelope: { ...envelope, user: envelope.user, channel: envelope.channel },
    isStart: START.test(envelope.text),
    file: ref ? inboundFile(options, ref, envelope.text) : null,
    reply: (text) => reply(options, chatId, text),
  });
}

function inboundFile(
  options: HandleMessageOptions,
  ref: TelegramFileRef,
  caption: string,
): InboundFile {
  return {
    takeIn: async (media, maxBytes) => {
      // Without the download details (a bot made without them) files are refused.
      if (!options.files) {
        throw new KernError("KERN_MEDIA_UNSUPPORTED", "this daemon does not take files");
      }
      return takeInTelegramFile({
        ...options.files,
        signal: options.files.stopSignal,
        ref,
        media,
        caption,
        maxBytes,
      });
    },
    unreadText: (error) => unreadFileText(ref, error, caption),
  };
}

/** Queues a plain-text reply of the bot itself; failures are logged, never thrown. */
function reply(options: HandleMessageOptions, chatId: number, text: string): void {
  const { outbox, logger } = options;
  outbox
    .run(chatId, () => outbox.send(chatId, escapeHtml(text)))
    .catch((error: unknown) => {
      logger.error({ chatId, error: describeError(error) }, "telegram reply failed");
    });
}
