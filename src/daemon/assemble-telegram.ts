// The Telegram channel of a daemon (grammY, inside interfaces/telegram/): built when a bot token
// is set, registered with the runtime either way (off, with how to turn it on), and told to
// confirm each pairing approved through the daemon.
import type { Config } from "../config/index.js";
import type { TelegramBot, TelegramBotInfo } from "../interfaces/telegram/index.js";
import { type Clock, KernError } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { Channel, PairedUser, Runtime } from "../runtime/index.js";

export interface AssembleTelegramOptions {
  config: Config;
  runtime: Runtime;
  logger: Logger;
  clock: Clock;
  botInfo?: TelegramBotInfo;
}

/**
 * The bot (null without a token) and the notice for an approved pairing. grammY is loaded only
 * with a token: it costs ~80 ms of every start-up otherwise (issue 32).
 */
export async function assembleTelegram(options: AssembleTelegramOptions): Promise<{
  telegram: TelegramBot | null;
  onApproved: (user: PairedUser) => void;
}> {
  const { config, runtime, logger, clock } = options;
  const token = config.secrets.telegramToken;
  const bot = token ? await import("../interfaces/telegram/index.js") : null;
  const telegram =
    bot && token
      ? bot.createTelegramBot({
          token,
          apiRoot: config.telegram.apiRoot,
          runtime,
          logger,
          editIntervalMs: config.telegram.editIntervalMs,
          clock,
          ...(options.botInfo ? { botInfo: options.botInfo } : {}),
        })
      : null;
  runtime.registerChannel(telegram?.channel ?? TELEGRAM_OFF);
  const onApproved = (user: PairedUser) => {
    if (!telegram || !bot || user.channel !== telegram.channel.id) return;
    telegram.channel
      .send({ chat: user.chatId, user: user.userId, text: bot.approvedReply(user.name) })
      .catch((error: unknown) => logger.warn({ err: error }, "could not confirm a pairing"));
  };
  return { telegram, onApproved };
}

/** Telegram without a token: listed in status as off, with how to turn it on. */
const TELEGRAM_OFF: Channel = {
  id: "telegram",
  status: () => ({ enabled: false, detail: "set TELEGRAM_BOT_TOKEN in .kern/.env" }),
  send: async () => {
    throw new KernError(
      "KERN_TOOL_FAILED",
      "Telegram is off; set TELEGRAM_BOT_TOKEN in .kern/.env and run 'kern restart'",
    );
  },
};
