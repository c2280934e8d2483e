// Telegram as a plugin (SPEC §9, §17): the channel `telegram` (grammY long polling inside the
// daemon), registered either way — off, with how to turn it on, without TELEGRAM_BOT_TOKEN. It
// confirms each pairing approved through the daemon and sends each operator chat the calls that
// wait for approval, with Approve / Deny buttons. grammY is loaded only with a token: it costs
// ~80 ms of every start-up otherwise (issue 32).
import { join } from "node:path";
import { confirmPairings, type KernPlugin, offChannel } from "../../runtime/index.js";
import type { TelegramBotInfo } from "./create-telegram-bot.js";

export interface TelegramPluginOptions {
  /** The bot's identity, saving `getMe` at start (tests). */
  botInfo?: TelegramBotInfo;
}

export function createTelegramPlugin(options: TelegramPluginOptions = {}): KernPlugin {
  return {
    name: "telegram",
    async setup(host) {
      const { config, clock } = host.kern;
      const token = config.secrets.telegramToken;
      if (!token) {
        host.registerChannel(TELEGRAM_OFF);
        return;
      }
      const bot = await import("./create-telegram-bot.js");
      const telegram = bot.createTelegramBot({
        token,
        apiRoot: config.telegram.apiRoot,
        runtime: host.kern.runtime,
        logger: host.log,
        editIntervalMs: config.telegram.editIntervalMs,
        clock,
        inboxFile: join(host.kern.paths.kernDir, "telegram-inbox.jsonl"),
        ...(options.botInfo ? { botInfo: options.botInfo } : {}),
      });
      host.registerChannel(telegram.channel);
      confirmPairings(host, telegram.channel);
      // Not awaited: while the Bot API is unreachable grammY retries its setup, and the API and
      // the other interfaces must not wait for Telegram.
      host.onStart(() => {
        telegram
          .start()
          .catch((error: unknown) => host.log.error({ err: error }, "telegram could not start"));
      });
      host.onStop(() => telegram.stop());
    },
  };
}

/** Telegram without a token: listed in status as off, with how to turn it on. */
const TELEGRAM_OFF = offChannel("telegram", "Telegram", "TELEGRAM_BOT_TOKEN");
