// Telegram's length limit on the channel kit's splitter (runtime/channels/split-reply.ts).
import { splitReply as splitToLimit } from "../../runtime/index.js";

/** Telegram's maximum message length, in UTF-16 code units. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;

/** Splits Telegram HTML (or plain text) into messages that fit Telegram's limit. */
export function splitReply(text: string, limit = TELEGRAM_MESSAGE_LIMIT): string[] {
  return splitToLimit(text, limit, { html: true });
}
