// Slash commands the terminal answers itself: `/pair CODE` (approve a chat channel user), `/exit`,
// and any unknown `/word`, which gets a local answer instead of going to the model.
import type { DaemonClient } from "../../client/index.js";
import { CORE_COMMANDS, describeError } from "../../kernel/index.js";
import { silentLine } from "./silent-turn.js";
import type { TranscriptItem } from "./transcript-item.js";

/** The terminal's own commands, answered here. */
const TERMINAL_COMMANDS = ["pair", "expand", "exit"];

/** Every command Tab completes: the daemon's (core until its list arrives) and the terminal's. */
export function tuiCommands(daemonCommands: readonly string[] | null): string[] {
  return [...(daemonCommands ?? CORE_COMMANDS), ...TERMINAL_COMMANDS];
}

export interface LocalCommandContext {
  client: Pick<DaemonClient, "pairingApprove">;
  /** The commands the daemon answers (GET /commands); null until known: then any goes there. */
  daemonCommands: readonly string[] | null;
  /** Shows `/command` and its answer in the transcript. */
  local: (command: string, text: string) => void;
  exit: () => void;
  /** The transcript, for /expand; none given: nothing to expand. */
  items?: readonly TranscriptItem[];
}

/** What /help adds in the terminal: its own commands and the editing keys. */
export const TERMINAL_HELP = [
  "In this terminal:",
  "  /pair CODE   let in a chat user who got CODE (kern pair lists who waits)",
  "  /expand      the prompt of the last one-line (NO_REPLY) job or heartbeat",
  "  /exit        quit (the daemon keeps running)",
  "Keys: Enter sends · Alt-Enter, Ctrl-J or a trailing \\ starts a new line",
  "  Tab completes a /command · ↑ ↓ history · Alt-← / Alt-→ by word",
  "  Ctrl-A / Ctrl-E line start / end · Ctrl-W word back",
  "  Ctrl-U / Ctrl-K delete to start / end · Esc cancels the running turn",
  "  Ctrl-C clears the line, else quits (asks first while a turn runs)",
].join("\n");

/** `/help` goes to the daemon (its commands); the terminal shows its own part under it. */
export function isHelp(text: string): boolean {
  return /^\/help(?:\s|$)/.test(text.trim());
}

/** True when `text` was a command answered here; false when it goes to the daemon. */
export function answerLocally(text: string, context: LocalCommandContext): boolean {
  // `/word` alone or followed by an argument; `/etc/hosts …` is a path, not a command.
  const match = /^\/([a-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return false;
  const name = match[1] as string;
  const argument = (match[2] ?? "").trim();
  const known = context.daemonCommands;
  if (known === null || known.includes(name) || (CORE_COMMANDS as readonly string[]).includes(name))
    return false;
  if (name === "exit" || name === "quit") {
    context.exit();
    return true;
  }
  if (name === "pair") {
    pair(argument, context);
    return true;
  }
  if (name === "expand") {
    context.local("expand", expandSilent(context.items ?? []));
    return true;
  }
  context.local(
    name,
    `unknown command /${name} — /help lists the commands (not sent to the model)`,
  );
  return true;
}

/** A silent turn's line collapsed its prompt (silent-turn.ts): /expand shows the last one. */
function expandSilent(items: readonly TranscriptItem[]): string {
  const last = items.findLast((item) => item.kind === "silent");
  if (last?.kind !== "silent") return "no silent (NO_REPLY) job or heartbeat turn shown";
  return `${silentLine(last.source)}, its prompt:\n${last.prompt}`;
}

function pair(code: string, context: LocalCommandContext): void {
  if (!code) {
    context.local("pair", "usage: /pair CODE — the code a chat user received, e.g. KERN-7X4M");
    return;
  }
  context.client.pairingApprove(code).then(
    (user) =>
      context.local(
        "pair",
        `paired ${user.name} (${user.channel} user ${user.userId}); they can talk to the agent now`,
      ),
    (error: unknown) => context.local("pair", `✗ ${describeError(error)}`),
  );
}
