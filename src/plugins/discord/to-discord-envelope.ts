// A Discord message → the runtime's inbound envelope. Pure. Direct messages always count; in a
// server only the one allowed channel, and there only messages addressed to the bot (a mention
// or a reply to it), whose mention is removed. Bots (this one too) are never listened to.
import type { InboundEnvelope } from "../../runtime/index.js";

/** This channel's id: in envelopes, reply routes and pairing records. */
export const DISCORD = "discord";

/** The fields of a Discord message this module reads (discord.js's `Message` fits). */
export interface IncomingDiscordMessage {
  channelId: string;
  guildId: string | null;
  content: string;
  author: { id: string; bot: boolean; username: string; globalName: string | null };
  /** The bot was mentioned, or the message replies to one of its messages. */
  addressesBot: boolean;
  hasFiles: boolean;
}

export function toDiscordEnvelope(
  message: IncomingDiscordMessage,
  bot: { id: string; allowedChannel: string | null },
): InboundEnvelope | null {
  if (message.author.bot) return null;
  if (message.guildId !== null) {
    if (message.channelId !== bot.allowedChannel || !message.addressesBot) return null;
  }
  const text = message.content
    .replace(new RegExp(`<@!?${bot.id}>`, "g"), "")
    .replace(/^\s*[,:]\s*/, "")
    .trim();
  if (text === "" && !message.hasFiles) return null;
  return {
    interface: DISCORD,
    channel: message.channelId,
    user: message.author.id,
    name: message.author.globalName ?? message.author.username,
    text,
  };
}
