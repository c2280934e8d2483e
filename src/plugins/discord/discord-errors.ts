// Discord failures (the API said no = DiscordAPIError, the network failed) as kern's ChannelError,
// with a message that says how to fix the problem.
import { DiscordAPIError, RESTJSONErrorCodes } from "discord.js";
import { ChannelError, describeError } from "../../kernel/index.js";

/** The message to edit is gone (deleted): send a new one instead. */
export function isMessageGoneError(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMessage;
}

/** What went wrong and how to fix it. */
export function explainDiscordError(error: unknown): string {
  if (error instanceof DiscordAPIError) {
    if (error.status === 401) {
      return "Discord rejected the bot token (401): check DISCORD_BOT_TOKEN in .kern/.env, then restart";
    }
    if (error.status === 403) {
      return `Discord refused (403 ${error.message}): give the bot Send Messages and View Channel in that channel`;
    }
    return `Discord call failed (${error.status} ${error.message})`;
  }
  if (error instanceof Error && /token/i.test(error.message)) {
    return "Discord rejected the bot token: check DISCORD_BOT_TOKEN in .kern/.env, then restart";
  }
  return `Discord is unreachable (${describeError(error)}): check the network, or pluginConfig.discord.apiRoot`;
}

export function toChannelError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  const code = error instanceof DiscordAPIError ? "KERN_CHANNEL_API" : "KERN_CHANNEL_NETWORK";
  return new ChannelError(code, explainDiscordError(error), { cause: error });
}
