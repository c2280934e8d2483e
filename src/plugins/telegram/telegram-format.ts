// How replies look on Telegram, for the channel kit's reply stream: Markdown rendered to Telegram
// HTML and cut to its 4,096-character limit; kern's own texts escaped.
import type { ReplyFormat } from "../../runtime/index.js";
import { escapeHtml } from "./escape-html.js";
import { renderTelegramHtml } from "./render-reply.js";
import { splitReply } from "./split-reply.js";
import { isBlankHtml } from "./telegram-outbox.js";

export const TELEGRAM_FORMAT: ReplyFormat = {
  chunks: (markdown) => splitReply(renderTelegramHtml(markdown)),
  plain: escapeHtml,
  isBlank: isBlankHtml,
};
