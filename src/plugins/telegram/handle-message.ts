// What happens to one inbound Telegram message: ignored (not for us), answered with a pairing code
// (unknown user: nothing reaches the runtime), greeted (/start), or submitted as a turn.

import type { Api } from "grammy";
import { describeError, isKernError, KernError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { RuntimeApi } from "../../runtime/index.js";
import { errorReply, greetingReply, pairingReply } from "./bot-texts.js";
import { escapeHtml } from "./escape-html.js";
import { takeInTelegramFile, telegramFileOf, unreadFileText } from "./telegram-media.js";
import type { TelegramOutbox } from "./telegram-outbox.js";
import {
  type BotIdentity,
  type IncomingTelegramMessage,
  TELEGRAM,
  toEnvelope,
} from "./to-envelope.js";
import type { TurnRouter } from "./turn-router.js";

export interface HandleMessageOptions {
  runtime: RuntimeApi;
  outbox: TelegramOutbox;
  router: TurnRouter;
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
  const { runtime, logger } = options;
  const envelope = toEnvelope(message, bot);
  if (!envelope?.user || !envelope.channel) return;
  const chatId = message.chat.id;
  const name = envelope.name ?? envelope.user;
  const isStart = START.test(envelope.text);
  const role = await runtime.pairing.roleOf(TELEGRAM, envelope.user);
  if (role === null) {
    const pending = await runtime.pairing.request({
      channel: TELEGRAM,
      userId: envelope.user,
      chatId: envelope.channel,
      name,
    });
    logger.info({ userId: envelope.user, chatId, code: pending.code }, "unpaired telegram user");
    reply(options, chatId, pairingReply({ name, code: pending.code, isStart }));
    return;
  }
  if (isStart) {
    reply(options, chatId, greetingReply(name));
    return;
  }
  logger.debug({ userId: envelope.user, chatId, length: envelope.text.length }, "telegram message");
  try {
    const ref = telegramFileOf(message);
    if (ref) Object.assign(envelope, await takeInFileOrSayWhy(options, ref, envelope.text));
    options.router.submit({ ...envelope, role }, chatId);
  } catch (error) {
    logger.error({ chatId, error: describeError(error) }, "runtime refused a telegram message");
    const code = isKernError(error) ? error.code : "unexpected";
    reply(options, chatId, errorReply({ code, message: describeError(error) }));
  }
}

/**
 * The message's file taken in; one that cannot be (unsupported, too large, not downloaded) with a
 * caption still reaches the turn as the caption and why the file is missing (issue 48 item 13:
 * the caption was dropped). Without a caption the error is the bot's reply, as before.
 */
async function takeInFileOrSayWhy(
  options: HandleMessageOptions,
  ref: NonNullable<ReturnType<typeof telegramFileOf>>,
  caption: string,
) {
  try {
    return await takeInFile(options, ref, caption);
  } catch (error) {
    if (!caption.trim()) throw error;
    options.logger.warn({ error: describeError(error) }, "telegram file not taken in");
    return { text: unreadFileText(ref, error, caption) };
  }
}

async function takeInFile(
  options: HandleMessageOptions,
  ref: NonNullable<ReturnType<typeof telegramFileOf>>,
  caption: string,
) {
  const media = options.runtime.intake;
  if (!media || !options.files) {
    throw new KernError("KERN_MEDIA_UNSUPPORTED", "this daemon does not take files");
  }
  return takeInTelegramFile({
    ...options.files,
    signal: options.files.stopSignal,
    ref,
    media,
    caption,
    maxBytes: Math.max(...Object.values(media.store.limits)),
  });
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
