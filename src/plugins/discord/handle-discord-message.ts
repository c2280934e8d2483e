// What happens to one inbound Discord message: ignored (not for us), or handed to the channel
// kit's admitMessage (a pairing code for an unknown user, else a turn with its file taken in).
import type { Message } from "discord.js";
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  admitMessage,
  type InboundFile,
  type RuntimeApi,
  type TurnRouter,
} from "../../runtime/index.js";
import { DISCORD_FORMAT } from "./discord-format.js";
import { type DiscordFileRef, takeInDiscordFile, unreadDiscordFileText } from "./discord-media.js";
import type { DiscordOutbox } from "./discord-outbox.js";
import { DISCORD, toDiscordEnvelope } from "./to-discord-envelope.js";

export interface HandleDiscordMessageOptions {
  runtime: RuntimeApi;
  outbox: DiscordOutbox;
  router: TurnRouter<string>;
  logger: Logger;
  allowedChannel: string | null;
  stopSignal: AbortSignal;
}

/** The one file kern takes from a message: its first attachment. */
function fileOf(message: Message): DiscordFileRef | null {
  const attachment = message.attachments.first();
  if (!attachment) return null;
  return {
    url: attachment.url,
    name: attachment.name,
    size: attachment.size,
    contentType: attachment.contentType,
    durationSeconds: attachment.duration,
    voice: message.flags.has("IsVoiceMessage"),
  };
}

export async function handleDiscordMessage(
  message: Message,
  options: HandleDiscordMessageOptions,
): Promise<void> {
  const botId = message.client.user.id;
  const envelope = toDiscordEnvelope(
    {
      channelId: message.channelId,
      guildId: message.guildId,
      content: message.content,
      author: message.author,
      addressesBot: message.mentions.users.has(botId) || message.mentions.repliedUser?.id === botId,
      hasFiles: message.attachments.size > 0,
    },
    { id: botId, allowedChannel: options.allowedChannel },
  );
  if (!envelope?.user || !envelope.channel) return;
  const chat = message.channelId;
  const ref = fileOf(message);
  await admitMessage({
    channel: DISCORD,
    runtime: options.runtime,
    router: options.router,
    logger: options.logger,
    chat,
    envelope: { ...envelope, user: envelope.user, channel: envelope.channel },
    isStart: false,
    file: ref ? inboundFile(ref, envelope.text, options.stopSignal) : null,
    reply: (text) => {
      const { outbox, logger } = options;
      outbox
        .run(chat, () => outbox.send(chat, DISCORD_FORMAT.plain(text)))
        .catch((error: unknown) =>
          logger.error({ chat, error: describeError(error) }, "discord reply failed"),
        );
    },
  });
}

function inboundFile(ref: DiscordFileRef, caption: string, signal: AbortSignal): InboundFile {
  return {
    takeIn: (intake, maxBytes) => takeInDiscordFile({ ref, intake, maxBytes, caption, signal }),
    unreadText: (error) => unreadDiscordFileText(ref, error, caption),
  };
}
