// What the bot itself says (as opposed to the agent): pairing instructions, greetings, the short
// error reply, and the command menu. Pure. Texts are plain; callers escape them for HTML.
/** Longest error text a user sees; details stay in the log. */
const MAX_ERROR_TEXT = 300;

/** The reply to someone who is not paired yet. Nothing they write reaches the agent. */
export function pairingReply(options: { name: string; code: string; isStart: boolean }): string {
  const hello = options.isStart ? `Hi ${options.name}! ` : "";
  return [
    `${hello}I only talk to people my operator has approved.`,
    `Your pairing code: ${options.code}`,
    `Ask the operator to approve it: kern pair ${options.code} in a terminal,`,
    `/pair ${options.code} in kern tui, or the Pairing page of the web UI.`,
    "I'll tell you here as soon as you're approved.",
    "Note: everyone paired talks to the same agent and shares its memory.",
  ].join("\n");
}

/** Sent to a user the moment the operator approved their code. */
export function approvedReply(name: string): string {
  return `You're approved, ${name}! Write to me any time; /help lists the chat commands. Everyone paired talks to the same agent and shares its memory: what you tell me, the others I talk to may learn.`;
}

/** The reply to /start from someone already paired. */
export function greetingReply(name: string): string {
  return `Hi ${name}! We're paired: just write, and /help lists the chat commands.`;
}

/** A short reply for a turn that ended in an error. */
export function errorReply(error: { code: string; message: string } | undefined): string {
  if (!error) return "⚠️ Sorry, that failed. The details are in the agent's log (kern logs).";
  const message =
    error.message.length > MAX_ERROR_TEXT
      ? `${error.message.slice(0, MAX_ERROR_TEXT)}…`
      : error.message;
  return `⚠️ Sorry, that failed (${error.code}): ${message}`;
}

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
