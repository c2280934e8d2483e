// Public surface of interfaces/telegram: the bot factory and the pure reply formatting. No grammY
// type crosses this file (SG-5).
export { approvedReply } from "./bot-texts.js";
export {
  createTelegramBot,
  type TelegramBot,
  type TelegramBotInfo,
} from "./create-telegram-bot.js";
