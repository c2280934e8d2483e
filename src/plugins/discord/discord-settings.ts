// The Discord plugin's own config (`pluginConfig.discord` in .kern/config.json), checked once at
// start with a message that says what to write. The token is a secret: DISCORD_BOT_TOKEN in
// .kern/.env, never here.
import { z } from "zod";
import { KernError } from "../../kernel/index.js";

const snowflake = z
  .string()
  .regex(/^\d{5,25}$/, "a channel id: the digits Discord shows under Copy Channel ID");

const settingsSchema = z
  .object({
    /** The one server channel the bot answers in (when mentioned or replied to); DMs always. */
    channel: snowflake.optional(),
    /** Discord's REST API root (a local fake in tests); the gateway URL comes from it. */
    apiRoot: z.string().url().default("https://discord.com/api"),
    /** At most one edit of a streamed reply per this many ms per chat. */
    editIntervalMs: z.number().int().min(200).default(1000),
  })
  .strict();

export type DiscordSettings = z.infer<typeof settingsSchema>;

export function parseDiscordSettings(config: Readonly<Record<string, unknown>>): DiscordSettings {
  const parsed = settingsSchema.safeParse(config);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.path.join(".") || "(section)";
  throw new KernError(
    "KERN_CONFIG_INVALID",
    `pluginConfig.discord.${key} in .kern/config.json: ${issue?.message ?? "invalid"} (keys: channel, apiRoot, editIntervalMs)`,
  );
}
