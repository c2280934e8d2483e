// Public surface of interfaces/telegram: the bot factory and the pure reply formatting. No grammY
// type crosses this file (SG-5).
export { approvedReply } from "./bot-texts.js";
export {
  type CreateTelegramBotOptions,
  createTelegramBot,
  type TelegramBot,
  type TelegramBotInfo,
} from "./create-telegram-bot.js";
export { htmlToPlainText, renderTelegramHtml } from "./render-reply.js";
export { splitReply, TELEGRAM_MESSAGE_LIMIT } from "./split-reply.js";
export {
  type BotIdentity,
  type IncomingTelegramMessage,
  toEnvelope,
} from "./to-envelope.js";
