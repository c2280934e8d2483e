// A Telegram message → the runtime's inbound envelope. Pure: no I/O. In groups only messages
// addressed to the bot count (a mention, a reply to the bot, or a command); the mention is removed.
import type { InboundEnvelope } from "../../runtime/index.js";

/** This channel's id: in envelopes, reply routes and pairing records. */
export const TELEGRAM = "telegram";

/** The fields of a Telegram message this module reads (grammY's `Message` fits). */
export interface IncomingTelegramMessage {
  chat: { id: number; type: string };
  from?: {
    id: number;
    is_bot?: boolean;
    first_name: string;
    last_name?: string;
    username?: string;
  };
  text?: string;
  caption?: string;
  entities?: ReadonlyArray<IncomingTelegramEntity>;
  caption_entities?: ReadonlyArray<IncomingTelegramEntity>;
  reply_to_message?: { from?: { id: number } };
  photo?: ReadonlyArray<{ file_id: string; file_size?: number }>;
  voice?: TelegramFileFields & { duration?: number };
  audio?: TelegramFileFields & { duration?: number; file_name?: string };
  document?: TelegramFileFields & { file_name?: string };
}

interface TelegramFileFields {
  file_id: string;
  file_size?: number;
  mime_type?: string;
}

/** True when the message carries a file kern takes (photo, voice, audio, document). */
function hasTelegramFile(message: IncomingTelegramMessage): boolean {
  return Boolean(message.photo?.length || message.voice || message.audio || message.document);
}

export interface IncomingTelegramEntity {
  type: string;
  offset: number;
  length: number;
  user?: { id: number };
}

/** Who the bot is: its numeric id and @username (without the @). */
export interface BotIdentity {
  id: number;
  username: string;
}

/** True for group and supergroup chats, where the bot answers only when addressed. */
function isGroupChat(message: IncomingTelegramMessage): boolean {
  return message.chat.type === "group" || message.chat.type === "supergroup";
}

/** The sender's display name: first and last name, else @username, else the id. */
function displayName(from: NonNullable<IncomingTelegramMessage["from"]>): string {
  const name = [from.first_name, from.last_name].filter(Boolean).join(" ").trim();
  return name || from.username || String(from.id);
}

/**
 * The envelope for a message, or null when the bot should ignore it: no text, no human sender,
 * or a group message not addressed to this bot.
 */
export function toEnvelope(
  message: IncomingTelegramMessage,
  bot: BotIdentity,
): InboundEnvelope | null {
  const withFile = hasTelegramFile(message);
  const raw = message.text ?? message.caption ?? (withFile ? "" : undefined);
  const from = message.from;
  if (raw === undefined || !from || from.is_bot) return null;
  const entities = (message.text !== undefined ? message.entities : message.caption_entities) ?? [];
  const addressed = findAddress(raw, entities, bot);
  if (addressed.otherBot) return null;
  const isReplyToBot = message.reply_to_message?.from?.id === bot.id;
  // A file without a caption in a group has no mention: only a reply to the bot addresses it.
  if (isGroupChat(message) && !addressed.mentioned && !addressed.command && !isReplyToBot) {
    return null;
  }
  const text = stripRanges(raw, addressed.strip);
  if (text === "" && !withFile) return null;
  return {
    interface: TELEGRAM,
    channel: String(message.chat.id),
    user: String(from.id),
    name: displayName(from),
    text,
  };
}

interface Address {
  mentioned: boolean;
  command: boolean;
  /** A command addressed to another bot (`/status@other_bot`). */
  otherBot: boolean;
  /** Ranges `[start, end)` to remove: our @mention, or the `@bot` suffix of a command. */
  strip: Array<[number, number]>;
}

function findAddress(
  text: string,
  entities: ReadonlyArray<IncomingTelegramEntity>,
  bot: BotIdentity,
): Address {
  const address: Address = { mentioned: false, command: false, otherBot: false, strip: [] };
  const handle = `@${bot.username}`.toLowerCase();
  for (const entity of entities) {
    const value = text.slice(entity.offset, entity.offset + entity.length);
    if (entity.type === "mention" && value.toLowerCase() === handle) {
      address.mentioned = true;
      address.strip.push([entity.offset, entity.offset + entity.length]);
    } else if (entity.type === "text_mention" && entity.user?.id === bot.id) {
      address.mentioned = true;
    } else if (entity.type === "bot_command" && entity.offset === 0) {
      const at = value.indexOf("@");
      if (at < 0) address.command = true;
      else if (value.slice(at).toLowerCase() === handle) {
        address.command = true;
        address.strip.push([at, value.length]);
      } else address.otherBot = true;
    }
  }
  return address;
}

/** Removes the ranges, then tidies what a leading mention leaves behind (`@bot, hi` → `hi`). */
function stripRanges(text: string, ranges: Array<[number, number]>): string {
  let result = text;
  for (const [start, end] of [...ranges].sort((a, b) => b[0] - a[0])) {
    result = result.slice(0, start) + result.slice(end);
  }
  if (ranges.length === 0) return result.trim();
  return result
    .replace(/^\s*[,:]\s*/, "")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
