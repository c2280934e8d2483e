// The envelope prefix the model sees on inbound messages, so one session can tell interfaces and
// people apart: `[via telegram, chat 123, user Ann, 2026-04-02T06:09Z]`; kern's own sources name
// themselves: `[via job backups-check, 2026-…Z]`, `[via subagent s-3f2a, …]`. Pure.
import type { Envelope } from "./types.js";

/** Turn sources that are kern's own: their envelope names the source, not a chat or a user. */
export const KERN_SOURCES: ReadonlySet<string> = new Set([
  "job",
  "heartbeat",
  "subagent",
  "process",
]);

/** Formats the prefix line for an envelope (minute precision keeps prompts stable). */
export function formatEnvelopePrefix(envelope: Envelope): string {
  if (KERN_SOURCES.has(envelope.interface)) {
    const name = envelope.name ? ` ${envelope.name}` : "";
    return `[via ${envelope.interface}${name}, ${envelope.ts.slice(0, 16)}Z]`;
  }
  const parts = [`via ${envelope.interface}`];
  if (envelope.channel) parts.push(`chat ${envelope.channel}`);
  const who = envelope.name ?? envelope.user;
  if (who) parts.push(`user ${who}`);
  parts.push(`${envelope.ts.slice(0, 16)}Z`);
  return `[${parts.join(", ")}]`;
}

/** The user message text stored for an envelope: prefix, newline, text. */
export function renderEnvelope(envelope: Envelope): string {
  return `${formatEnvelopePrefix(envelope)}\n${envelope.text}`;
}

/** Slash commands the runtime answers itself, without the model. */
export const CHAT_COMMANDS = [
  "status",
  "context",
  "segments",
  "recall",
  "new",
  "help",
  "restart",
  "cancel",
  // Answered by what registers them (runtime.registerCommand): jobs, extensions, sub-agents.
  "jobs",
  "mcp",
  "skills",
  "subagents",
  "ps",
] as const;

export type ChatCommand = (typeof CHAT_COMMANDS)[number];

/** Parses `/recall some words` into a command and its argument; null for ordinary text. */
export function parseChatCommand(text: string): { command: ChatCommand; argument: string } | null {
  const match = /^\/([a-z]+)(?:@\S+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return null;
  const name = match[1] as string;
  const command = CHAT_COMMANDS.find((candidate) => candidate === name);
  if (!command) return null;
  return { command, argument: (match[2] ?? "").trim() };
}
