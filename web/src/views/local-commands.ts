// Slash commands the page answers itself, never the model: `/pair CODE` (approve a chat
// user, as `kern pair` and `/pair` in kern tui do) and any `/word` the runtime does not know.
// Text that starts with a path (`/etc/hosts …`) is an ordinary message.
import { api } from "../api.js";
import { isDaemonCommand } from "../commands.js";

/** Dispatched on window after an approval here: the nav badge counts again. */
export const PAIRING_CHANGED = "kern:pairing-changed";

/** The answer to a command the page handles, or null when the text goes to the daemon. */
export function localCommand(text: string): { command: string; answer: Promise<string> } | null {
  const match = /^\/([a-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  const name = match?.[1];
  if (!match || name === undefined || isDaemonCommand(name)) return null;
  const argument = (match[2] ?? "").trim();
  if (name === "pair") return { command: "pair", answer: pair(argument) };
  return {
    command: name,
    answer: Promise.resolve(
      `unknown command /${name} — /help lists the commands (not sent to the model)`,
    ),
  };
}

async function pair(code: string): Promise<string> {
  if (!code) return "usage: /pair CODE — the code a chat user received, e.g. KERN-7X4M";
  try {
    const user = await api.approvePairing(code);
    window.dispatchEvent(new Event(PAIRING_CHANGED));
    return `paired ${user.name} (${user.channel} user ${user.userId}); they can talk to the agent now`;
  } catch (error) {
    return `✗ ${error instanceof Error ? error.message : String(error)}`;
  }
}
