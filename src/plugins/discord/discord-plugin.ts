// Discord as a plugin (SPEC §17): the channel `discord` (discord.js on the gateway inside the
// daemon), registered either way — off, with how to turn it on, without DISCORD_BOT_TOKEN in
// .kern/.env. Its own config is `pluginConfig.discord` (the allowed server channel). It confirms
// each pairing approved through the daemon and sends each operator the calls that wait for
// approval with buttons. discord.js is loaded only with a token.
import { confirmPairings, type KernPlugin, offChannel } from "../../runtime/index.js";
import { parseDiscordSettings } from "./discord-settings.js";

export const discordPlugin: KernPlugin = {
  name: "discord",
  async setup(host) {
    const settings = parseDiscordSettings(host.config);
    const token = host.kern.secret("DISCORD_BOT_TOKEN");
    if (!token) {
      host.registerChannel(DISCORD_OFF);
      return;
    }
    const { createDiscordBot } = await import("./create-discord-bot.js");
    const bot = createDiscordBot({
      token,
      settings,
      runtime: host.kern.runtime,
      logger: host.log,
      clock: host.kern.clock,
    });
    host.registerChannel(bot.channel);
    confirmPairings(host, bot.channel);
    // Not awaited: the API and the other interfaces must not wait for Discord.
    host.onStart(() => void bot.start());
    host.onStop(() => bot.stop());
  },
};

/** Discord without a token: listed in status as off, with how to turn it on. */
const DISCORD_OFF = offChannel("discord", "Discord", "DISCORD_BOT_TOKEN");
