// Public surface of plugins/discord/: the plugin (discord.js loads only when a token is set). No
// discord.js type crosses this file (SG-5).
export { discordPlugin } from "./discord-plugin.js";
