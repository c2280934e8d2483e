// Slash commands the terminal answers itself: `/pair CODE` (approve a Telegram user), `/exit`,
// and any unknown `/word`, which gets a local answer instead of going to the model.
import type { DaemonClient } from "../../client/index.js";
import { CHAT_COMMANDS, describeError } from "../../kernel/index.js";

/** Every command Tab completes in the terminal. */
export const TUI_COMMANDS: readonly string[] = [...CHAT_COMMANDS, "pair", "exit"];

export interface LocalCommandContext {
  client: Pick<DaemonClient, "pairingApprove">;
  /** Shows `/command` and its answer in the transcript. */
  local: (command: string, text: string) => void;
  exit: () => void;
}

/** True when `text` was a command answered here; false when it goes to the daemon. */
export function answerLocally(text: string, context: LocalCommandContext): boolean {
  // `/word` alone or followed by an argument; `/etc/hosts …` is a path, not a command.
  const match = /^\/([a-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return false;
  const name = match[1] as string;
  const argument = (match[2] ?? "").trim();
  if ((CHAT_COMMANDS as readonly string[]).includes(name)) return false;
  if (name === "exit" || name === "quit") {
    context.exit();
    return true;
  }
  if (name === "pair") {
    pair(argument, context);
    return true;
  }
  context.local(
    name,
    `unknown command /${name} — /help lists the commands (not sent to the model)`,
  );
  return true;
}

function pair(code: string, context: LocalCommandContext): void {
  if (!code) {
    context.local("pair", "usage: /pair CODE — the code a Telegram user received, e.g. KERN-7X4M");
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
