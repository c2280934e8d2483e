// What a channel's bot itself says (as opposed to the agent), the same on every platform (the
// channel kit): pairing instructions, greetings, the short error reply. Pure. Texts are plain;
// callers render them for their platform (ReplyFormat.plain).
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
