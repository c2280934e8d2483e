// The envelope prefix the model sees on inbound messages, so one session can tell interfaces and
// people apart: `[via telegram, chat 123, user Ann, 2026-04-02T06:09Z]`; kern's own sources name
// themselves: `[via job backups-check, 2026-…Z]`, `[via subagent s-3f2a, …]`. Pure.
import { envelopeField } from "./neutralize.js";
import type { Envelope } from "./types.js";

/**
 * Formats the prefix line for an envelope (minute precision keeps prompts stable). Every field
 * passes envelopeField: a name can neither end the line nor forge another field. `ownSource`: the
 * envelope is one of kern's own turn sources (any turn kind but a person's message), which names
 * itself instead of a chat and a user.
 */
export function formatEnvelopePrefix(
  envelope: Envelope,
  options: { ownSource?: boolean } = {},
): string {
  if (options.ownSource) {
    const name = envelope.name ? ` ${envelopeField(envelope.name)}` : "";
    return `[via ${envelope.interface}${name}, ${envelope.ts.slice(0, 16)}Z]`;
  }
  const parts = [`via ${envelopeField(envelope.interface)}`];
  if (envelope.channel) parts.push(`chat ${envelopeField(envelope.channel)}`);
  const who = envelope.name ?? envelope.user;
  if (who) parts.push(`user ${envelopeField(who)}`);
  parts.push(`${envelope.ts.slice(0, 16)}Z`);
  return `[${parts.join(", ")}]`;
}

/**
 * The chat commands of the core (SPEC §7, §16): answered by the runtime itself, without the model.
 * Plugins register more (`host.registerCommand`); the runtime's registry is the whole list.
 */
export const CORE_COMMANDS = [
  "status",
  "context",
  "segments",
  "recall",
  "new",
  "help",
  "restart",
  "cancel",
  "approve",
  "deny",
] as const;

/** A command's name: lower-case letters, digits and dashes, as typed after the slash. */
const COMMAND = /^\/([a-z][a-z0-9-]{0,31})(?:@\S+)?(?:\s+([\s\S]*))?$/;

/**
 * Splits `/recall some words` into a name and its argument; null for text that is not shaped like
 * a command. Whether a name is a command is the runtime's registry's answer, not this function's.
 */
export function parseChatCommand(text: string): { command: string; argument: string } | null {
  const match = COMMAND.exec(text.trim());
  if (!match) return null;
  return { command: match[1] as string, argument: (match[2] ?? "").trim() };
}
