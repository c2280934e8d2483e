// Discord as a plugin (SPEC §17): the channel `discord` (discord.js on the gateway inside the
// daemon), registered either way — off, with how to turn it on, without DISCORD_BOT_TOKEN in
// .kern/.env. Its own config is `pluginConfig.discord` (the allowed server channel). It confirms
// each pairing approved through the daemon and sends each operator the calls that wait for
// approval with buttons. discord.js is loaded only with a token.
import { KernError } from "../../kernel/index.js";
import {
  approvedReply,
  type Channel,
  type KernPlugin,
  type PluginHost,
} from "../../runtime/index.js";
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

/** A user approved through the daemon (the web, `kern pair`, the TUI) hears about it at once. */
function confirmPairings(host: PluginHost, channel: Channel): void {
  host.subscribe((event) => {
    if (event.type !== "pairing-update" || event.change !== "approved") return;
    if (event.user.channel !== channel.id) return;
    channel
      .send({
        chat: event.user.chatId,
        user: event.user.userId,
        text: approvedReply(event.user.name),
      })
      .catch((error: unknown) => host.log.warn({ err: error }, "could not confirm a pairing"));
  });
}

/** Discord without a token: listed in status as off, with how to turn it on. */
const DISCORD_OFF: Channel = {
  id: "discord",
  status: () => ({ enabled: false, detail: "set DISCORD_BOT_TOKEN in .kern/.env" }),
  send: async () => {
    throw new KernError(
      "KERN_TOOL_FAILED",
      "Discord is off; set DISCORD_BOT_TOKEN in .kern/.env and run 'kern restart'",
    );
  },
};
