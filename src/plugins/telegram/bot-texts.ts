// What the Telegram bot says beyond the channel kit's texts (runtime/channels/channel-texts.ts):
// its command menu. Pure.
/**
 * The command menu registered with `setMyCommands` at start: `/start`, then every chat command a
 * member may use (Telegram takes lower-case letters, digits and underscores, 1–32 of them).
 */
export function botCommands(
  commands: ReadonlyArray<{ name: string; help: string; operatorOnly?: unknown }>,
): Array<{ command: string; description: string }> {
  return [
    { command: "start", description: "Say hello (and get a pairing code)" },
    ...commands
      .filter((command) => command.operatorOnly !== true && /^[a-z0-9_]{1,32}$/.test(command.name))
      .map((command) => ({ command: command.name, description: command.help.slice(0, 256) })),
  ];
}
