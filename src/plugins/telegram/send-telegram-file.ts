// A file the agent sends to a Telegram chat (the `message` tool with a file): a PNG, JPEG or WebP
// up to Telegram's 10 MB photo limit goes as a photo (shown inline), anything else as a document.
// The text rides along as the caption when it fits one (1,024 characters of HTML); a longer text
// is sent first as its own messages, then the file without a caption.
import { type Api, InputFile } from "grammy";
import type { ChannelFile } from "../../runtime/index.js";
import { htmlToPlainText, renderTelegramHtml } from "./render-reply.js";
import { splitReply } from "./split-reply.js";
import { isParseEntitiesError, toChannelError } from "./telegram-errors.js";
import type { ChatId, TelegramOutbox } from "./telegram-outbox.js";

/** Telegram's limits for bots: a photo up to 10 MB, and a caption of 1,024 characters. */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const CAPTION_MAX_CHARS = 1024;
const PHOTO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

async function sendOnce(
  api: Api,
  chatId: ChatId,
  file: ChannelFile,
  caption: { text: string; html: boolean } | null,
): Promise<void> {
  const input = new InputFile(file.bytes, file.name);
  const other = caption
    ? { caption: caption.text, ...(caption.html ? { parse_mode: "HTML" as const } : {}) }
    : {};
  if (PHOTO_TYPES.has(file.mediaType) && file.bytes.length <= PHOTO_MAX_BYTES) {
    await api.sendPhoto(chatId, input, other);
  } else {
    await api.sendDocument(chatId, input, other);
  }
}

/** Sends `text` (Markdown, may be empty) and `file` to the chat; throws ChannelError. */
export async function sendTelegramFile(
  outbox: TelegramOutbox,
  api: Api,
  chatId: ChatId,
  text: string,
  file: ChannelFile,
): Promise<void> {
  const chunks = text.trim() ? splitReply(renderTelegramHtml(text)) : [];
  const [only] = chunks;
  const fits = chunks.length === 1 && only !== undefined && only.length <= CAPTION_MAX_CHARS;
  if (!fits && chunks.length > 0) await outbox.sendMarkdown(chatId, text);
  const caption = fits ? only : null;
  try {
    await sendOnce(api, chatId, file, caption === null ? null : { text: caption, html: true });
  } catch (error) {
    if (caption === null || !isParseEntitiesError(error)) throw toChannelError(error);
    try {
      await sendOnce(api, chatId, file, { text: htmlToPlainText(caption), html: false });
    } catch (plainError) {
      throw toChannelError(plainError);
    }
  }
}
