// The Telegram interface: a grammY bot that long-polls, pairs unknown users, submits paired users'
// messages to the runtime and streams the replies back. Telegram failures are logged and retried;
// none of them can crash the daemon.
import { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Clock } from "../../kernel/index.js";
import { ChannelError, describeError, SYSTEM_CLOCK } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  type Channel,
  type ChannelApprovals,
  ReplyStream,
  type RuntimeApi,
  TurnRouter,
} from "../../runtime/index.js";
import { botCommands } from "./bot-texts.js";
import { handleMessage } from "./handle-message.js";
import { createRetryTransformer } from "./retry-transformer.js";
import { sendTelegramFile } from "./send-telegram-file.js";
import { supervisePolling } from "./supervise-polling.js";
import { createTelegramApprovals } from "./telegram-approvals.js";
import { TELEGRAM_FORMAT } from "./telegram-format.js";
import { TelegramInbox } from "./telegram-inbox.js";
import { TelegramIntake } from "./telegram-intake.js";
import { type ChatId, TelegramOutbox, toChatId } from "./telegram-outbox.js";
import { TELEGRAM } from "./to-envelope.js";

/** Telegram shows "typing…" for about 5 s; repeat a little sooner. */
const TYPING_REPEAT_MS = 4000;

/** The bot's identity as `getMe` returns it (Telegram's field names); saves the call at start. */
export interface TelegramBotInfo {
  id: number;
  first_name: string;
  username: string;
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
}

export interface CreateTelegramBotOptions {
  token: string;
  /** Bot API server (`telegram.apiRoot`). */
  apiRoot: string;
  runtime: RuntimeApi;
  logger: Logger;
  /** At most one edit of a streamed reply per this many ms per chat (`telegram.editIntervalMs`). */
  editIntervalMs: number;
  botInfo?: TelegramBotInfo;
  clock?: Clock;
  /** Long-poll timeout of getUpdates in seconds (default 30); stop() never waits for it. */
  pollTimeoutSeconds?: number;
  /** The durable inbox (`.kern/telegram-inbox.jsonl`); absent: kept in memory only (tests). */
  inboxFile?: string;
}

export interface TelegramBot {
  /** Resolves once polling runs, or once the first attempt failed (logged; retried until stop). */
  start(): Promise<void>;
  /** Stops polling and timers and waits for queued sends to settle. Never rejects. */
  stop(): Promise<void>;
  /** The channel the runtime sends through (rendered and split); rejects with ChannelError. */
  readonly channel: Channel;
}

function toUserFromGetMe(info: TelegramBotInfo): UserFromGetMe {
  return {
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...info,
    is_bot: true,
  };
}

export function createTelegramBot(options: CreateTelegramBotOptions): TelegramBot {
  const logger = options.logger.child({ component: "telegram" });
  const clock = options.clock ?? SYSTEM_CLOCK;
  const stopController = new AbortController();
  const stopSignal = stopController.signal;
  const bot = new Bot(options.token, {
    client: { apiRoot: options.apiRoot },
    ...(options.botInfo ? { botInfo: toUserFromGetMe(options.botInfo) } : {}),
  });
  bot.api.config.use(createRetryTransformer({ logger, stopSignal }));
  const { editIntervalMs, runtime } = options;
  const outbox = new TelegramOutbox({ api: bot.api, logger, clock, editIntervalMs, stopSignal });
  const router = createRouter({ outbox, runtime, logger, clock });
  const files = { api: bot.api, apiRoot: options.apiRoot, token: options.token, stopSignal };
  const intake = new TelegramIntake({
    inbox: TelegramInbox.open(options.inboxFile ?? null),
    logger,
    stopSignal,
    handle: (message) =>
      handleMessage(message, bot.botInfo, { runtime, logger, outbox, router, files }),
  });
  bot.on("message", (context) => {
    intake.take({ updateId: context.update.update_id, message: context.message });
  });
  const approvals = createTelegramApprovals({ api: bot.api, outbox, runtime, logger });
  bot.on("callback_query:data", async (context) => {
    const { from, data } = context.callbackQuery;
    const text = await approvals.onPress({ userId: String(from.id), data });
    await context.answerCallbackQuery(text ? { text } : {});
  });
  bot.catch((error) => {
    const updateId = error.ctx.update.update_id;
    logger.error({ updateId, error: describeError(error.error) }, "telegram update failed");
  });
  const lifecycle = new BotLifecycle({
    bot,
    intake,
    runtime,
    router,
    approvals,
    outbox,
    logger,
    clock,
    stopController,
  });
  const timeoutSeconds = options.pollTimeoutSeconds ?? 30;
  return {
    start: () => lifecycle.start(timeoutSeconds),
    stop: () => lifecycle.stop(),
    channel: createChannel(outbox, bot.api, stopSignal),
  };
}

/** Routes each turn's events to its chat, as streamed edits in Telegram's format. */
function createRouter(parts: {
  outbox: TelegramOutbox;
  runtime: CreateTelegramBotOptions["runtime"];
  logger: Logger;
  clock: Clock;
}): TurnRouter<ChatId> {
  const { outbox, runtime, logger, clock } = parts;
  return new TurnRouter<ChatId>({
    channel: TELEGRAM,
    runtime,
    logger,
    toChat: toChatId,
    openStream: ({ chat, turnId, quiet }) =>
      new ReplyStream({
        outbox,
        format: TELEGRAM_FORMAT,
        chat,
        turnId,
        clock,
        logger,
        channel: TELEGRAM,
        typingRepeatMs: TYPING_REPEAT_MS,
        quiet,
      }),
  });
}

function createChannel(outbox: TelegramOutbox, api: Bot["api"], stopSignal: AbortSignal): Channel {
  return {
    id: TELEGRAM,
    status: () => ({ enabled: !stopSignal.aborted, detail: null }),
    send: async ({ chat: chatId, text, file }) => {
      if (stopSignal.aborted) {
        throw new ChannelError(
          "KERN_CHANNEL_API",
          "the Telegram bot is stopped: restart kern to send messages",
        );
      }
      const target = toChatId(chatId);
      await outbox.run(target, () =>
        file
          ? sendTelegramFile(outbox, api, target, text, file)
          : outbox.sendMarkdown(target, text),
      );
    },
  };
}

interface BotLifecycleOptions {
  bot: Bot;
  /** Messages being handled, per chat: replayed once polling starts, settled on stop. */
  intake: TelegramIntake;
  runtime: RuntimeApi;
  approvals: ChannelApprovals<number, unknown>;
  router: TurnRouter<ChatId>;
  outbox: TelegramOutbox;
  logger: Logger;
  clock: Clock;
  stopController: AbortController;
}

/** Starts polling once, registers the command menu once, and stops everything in order. */
class BotLifecycle {
  private started: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  private commandsSet = false;

  constructor(private readonly options: BotLifecycleOptions) {}

  start(timeoutSeconds: number): Promise<void> {
    if (this.started !== null) return this.started;
    const { bot, router, logger, clock, stopController } = this.options;
    router.attach();
    this.options.approvals.attach();
    this.started = new Promise<void>((resolve) => {
      this.polling = supervisePolling({
        bot,
        logger,
        clock,
        stopSignal: stopController.signal,
        timeoutSeconds,
        onStart: () => {
          logger.info({ username: bot.botInfo.username }, "telegram polling started");
          // Before the first getUpdates is handled, so a chat's replayed messages go first.
          this.options.intake.replay();
          this.registerCommands();
          resolve();
        },
        onFailure: resolve,
      });
    });
    return this.started;
  }

  async stop(): Promise<void> {
    const { bot, router, outbox, logger, stopController } = this.options;
    if (stopController.signal.aborted) return;
    stopController.abort();
    router.detach();
    this.options.approvals.detach();
    try {
      await bot.stop();
    } catch (error) {
      logger.warn({ error: describeError(error) }, "telegram stop could not confirm the offset");
    }
    await this.polling;
    await this.options.intake.settle();
    this.options.intake.close();
    await outbox.settle();
    logger.info("telegram stopped");
  }

  private registerCommands(): void {
    if (this.commandsSet) return;
    this.commandsSet = true;
    const commands = botCommands(this.options.runtime.registries.commands.list());
    this.options.bot.api.setMyCommands(commands).catch((error: unknown) => {
      this.options.logger.warn({ error: describeError(error) }, "telegram setMyCommands failed");
    });
  }
}
