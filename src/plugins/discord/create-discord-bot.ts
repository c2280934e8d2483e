// The Discord interface: a discord.js client on the gateway that pairs unknown users, submits
// paired users' messages (DMs, and the one allowed server channel) to the runtime and streams the
// replies back by editing, on the channel kit. Discord failures are logged; discord.js reconnects
// by itself; none of them can crash the daemon.
import { Client, Events, GatewayIntentBits, Partials } from "discord.js";
import { ChannelError, type Clock, describeError, SYSTEM_CLOCK } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  type Channel,
  ChatQueue,
  ReplyStream,
  type RuntimeApi,
  TurnRouter,
} from "../../runtime/index.js";
import { createDiscordApprovals, onDiscordPress } from "./discord-approvals.js";
import { explainDiscordError } from "./discord-errors.js";
import { DISCORD_FORMAT } from "./discord-format.js";
import { DiscordOutbox } from "./discord-outbox.js";
import type { DiscordSettings } from "./discord-settings.js";
import { handleDiscordMessage } from "./handle-discord-message.js";
import { DISCORD } from "./to-discord-envelope.js";

/** Discord shows "typing…" for about 10 s; repeat a little sooner. */
const TYPING_REPEAT_MS = 8000;

export interface CreateDiscordBotOptions {
  token: string;
  settings: DiscordSettings;
  runtime: RuntimeApi;
  logger: Logger;
  clock?: Clock;
}

export interface DiscordBot {
  /** Logs in; resolves once the gateway is ready, or once logging in failed (logged). */
  start(): Promise<void>;
  /** Disconnects and waits for queued sends to settle. Never rejects. */
  stop(): Promise<void>;
  readonly channel: Channel;
}

export function createDiscordBot(options: CreateDiscordBotOptions): DiscordBot {
  const logger = options.logger.child({ component: "discord" });
  const clock = options.clock ?? SYSTEM_CLOCK;
  const stop = new AbortController();
  const { runtime, settings } = options;
  const client = createClient(settings.apiRoot);
  const outbox = new DiscordOutbox({
    client,
    logger,
    clock,
    editIntervalMs: settings.editIntervalMs,
    stopSignal: stop.signal,
  });
  const router = createRouter(runtime, outbox, logger, clock);
  const approvals = createDiscordApprovals({ outbox, runtime, logger });
  // One queue per chat: a slow photo delays only its own chat (issue 49 item 7).
  const inbound = new ChatQueue();
  const handling = {
    runtime,
    outbox,
    router,
    logger,
    allowedChannel: settings.channel ?? null,
    stopSignal: stop.signal,
  };
  client.on(Events.MessageCreate, (message) => {
    inbound
      .run(message.channelId, () => handleDiscordMessage(message, handling))
      .catch((error: unknown) =>
        logger.error({ error: describeError(error) }, "discord message failed"),
      );
  });
  client.on(Events.InteractionCreate, (interaction) => {
    void onDiscordPress(approvals, interaction, logger);
  });
  client.on(Events.Error, (error) =>
    logger.error({ error: describeError(error) }, "discord error"),
  );
  let started: Promise<void> | null = null;
  return {
    start() {
      started ??= login(client, options.token, logger).then(() => {
        router.attach();
        approvals.attach();
      });
      return started;
    },
    async stop() {
      if (stop.signal.aborted) return;
      stop.abort();
      router.detach();
      approvals.detach();
      await inbound.settle();
      await outbox.settle();
      await client.destroy();
      logger.info("discord stopped");
    },
    channel: createChannel(outbox, stop.signal, client),
  };
}

/** The discord.js client: DMs, the guild channel's messages and their text. */
function createClient(apiRoot: string): Client {
  return new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.DirectMessages,
      GatewayIntentBits.MessageContent,
    ],
    // DM channels are not cached before their first message: without this they are dropped.
    partials: [Partials.Channel],
    rest: { api: apiRoot },
  });
}

async function login(client: Client, token: string, logger: Logger): Promise<void> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
    await ready;
    logger.info({ username: client.user?.username }, "discord connected");
  } catch (error) {
    logger.error(
      { error: describeError(error) },
      `discord could not start: ${explainDiscordError(error)}`,
    );
  }
}

/** Routes each turn meant for a Discord chat to a kit ReplyStream there. */
function createRouter(
  runtime: RuntimeApi,
  outbox: DiscordOutbox,
  logger: Logger,
  clock: Clock,
): TurnRouter<string> {
  return new TurnRouter<string>({
    channel: DISCORD,
    runtime,
    logger,
    toChat: (chat) => chat,
    openStream: ({ chat, turnId, quiet }) =>
      new ReplyStream({
        outbox,
        format: DISCORD_FORMAT,
        chat,
        turnId,
        clock,
        logger,
        channel: DISCORD,
        typingRepeatMs: TYPING_REPEAT_MS,
        quiet,
      }),
  });
}

function createChannel(outbox: DiscordOutbox, stopSignal: AbortSignal, client: Client): Channel {
  return {
    id: DISCORD,
    status: () => ({
      enabled: !stopSignal.aborted,
      detail: client.isReady() ? `connected as ${client.user.username}` : "connecting",
    }),
    send: async ({ chat, text, file }) => {
      if (stopSignal.aborted) {
        throw new ChannelError(
          "KERN_CHANNEL_API",
          "the Discord bot is stopped: restart kern to send messages",
        );
      }
      await outbox.run(chat, () =>
        file ? outbox.sendFile(chat, text, file) : outbox.sendMarkdown(chat, text),
      );
    },
  };
}
