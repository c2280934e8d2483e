// Everything the Discord bot sends goes through here (the channel kit's ReplyOutbox): one queue
// per chat, edits spaced by `editIntervalMs`, mentions never pinged (a reply that says @everyone
// stays text). A chat is a channel id: a DM channel or the allowed server channel. Calls throw
// ChannelError.
import type { Client, SendableChannels } from "discord.js";
import type { Clock } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  type ChannelFile,
  ChatQueue,
  EditThrottle,
  type ReplyOutbox,
} from "../../runtime/index.js";
import { isMessageGoneError, toChannelError } from "./discord-errors.js";
import { DISCORD_FORMAT } from "./discord-format.js";

export interface DiscordOutboxOptions {
  client: Client;
  logger: Logger;
  clock: Clock;
  editIntervalMs: number;
  stopSignal: AbortSignal;
}

const NO_PINGS = { parse: [] as never[] };

export class DiscordOutbox implements ReplyOutbox<string, string> {
  private readonly queue = new ChatQueue();
  private readonly throttle: EditThrottle;

  constructor(private readonly options: DiscordOutboxOptions) {
    const { clock, editIntervalMs: intervalMs, stopSignal } = options;
    this.throttle = new EditThrottle({ clock, intervalMs, stopSignal });
  }

  run<T>(chat: string, task: () => Promise<T>): Promise<T> {
    return this.queue.run(chat, task);
  }

  settle(): Promise<void> {
    return this.queue.settle();
  }

  async send(chat: string, chunk: string): Promise<string> {
    const channel = await this.channel(chat);
    try {
      const message = await channel.send({ content: chunk, allowedMentions: NO_PINGS });
      return message.id;
    } catch (error) {
      throw toChannelError(error);
    } finally {
      this.throttle.mark(chat);
    }
  }

  async edit(chat: string, messageId: string, chunk: string): Promise<boolean> {
    const channel = await this.channel(chat);
    try {
      await channel.messages.edit(messageId, { content: chunk, allowedMentions: NO_PINGS });
      return true;
    } catch (error) {
      if (isMessageGoneError(error)) return false;
      throw toChannelError(error);
    } finally {
      this.throttle.mark(chat);
    }
  }

  async sendMarkdown(chat: string, markdown: string): Promise<void> {
    for (const chunk of DISCORD_FORMAT.chunks(markdown)) {
      if (!DISCORD_FORMAT.isBlank(chunk)) await this.send(chat, chunk);
    }
  }

  /** A file with the text: the text's chunks first when they do not fit one message. */
  async sendFile(chat: string, markdown: string, file: ChannelFile): Promise<void> {
    const chunks = markdown.trim() ? DISCORD_FORMAT.chunks(markdown) : [];
    const last = chunks.length === 1 ? chunks[0] : undefined;
    if (last === undefined) await this.sendMarkdown(chat, markdown);
    const channel = await this.channel(chat);
    try {
      await channel.send({
        ...(last !== undefined ? { content: last } : {}),
        files: [{ attachment: Buffer.from(file.bytes), name: file.name }],
        allowedMentions: NO_PINGS,
      });
    } catch (error) {
      throw toChannelError(error);
    }
  }

  async typing(chat: string): Promise<void> {
    try {
      await (await this.channel(chat)).sendTyping();
    } catch (error) {
      this.options.logger.debug({ chat, error: toChannelError(error).message }, "typing failed");
    }
  }

  waitForEditSlot(chat: string): Promise<void> {
    return this.throttle.waitForSlot(chat);
  }

  /** A channel the bot can send to, from the cache or fetched once. */
  async channel(chat: string): Promise<SendableChannels> {
    let channel: Awaited<ReturnType<Client["channels"]["fetch"]>>;
    try {
      channel = await this.options.client.channels.fetch(chat);
    } catch (error) {
      throw toChannelError(error);
    }
    if (!channel?.isSendable()) {
      throw toChannelError(new Error(`Discord channel ${chat} is not one the bot can write to`));
    }
    return channel;
  }
}
