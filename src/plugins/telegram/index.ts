// Public surface of plugins/telegram/: the plugin (grammY loads only when a token is set). No
// grammY type crosses this file (SG-5).
export type { TelegramBotInfo } from "./create-telegram-bot.js";
export * from "./telegram-plugin.js";
