// The chat commands the daemon answers (GET /commands: the core's and its plugins', SPEC §17),
// fetched once the page is logged in. Until the list arrives, the core's names are known and any
// other `/word` goes to the daemon.
import { CORE_COMMANDS } from "../../src/kernel/envelope.js";
import { api } from "./api.js";

export interface CommandHint {
  name: string;
  help: string;
}

/** The page's own: `/pair CODE` approves a waiting code (as `kern pair` does). */
const PAGE_COMMANDS: CommandHint[] = [
  { name: "pair", help: "approve a chat user's code: /pair CODE" },
];

let daemonCommands: CommandHint[] | null = null;

/** Fetches the daemon's commands (once per page load; a failure keeps the core's names). */
export async function loadCommands(): Promise<void> {
  try {
    const list = await api.commands();
    daemonCommands = list.map((command) => ({
      name: command.name,
      help: command.usage ? `${command.help}: /${command.name} ${command.usage}` : command.help,
    }));
  } catch {
    // an older daemon or a failed request: completion offers the core's commands only
  }
}

/** Every command the composer's hints list, as `/name` with its help. */
export function commandHints(): CommandHint[] {
  const daemon = daemonCommands ?? CORE_COMMANDS.map((name) => ({ name, help: "" }));
  return [...daemon, ...PAGE_COMMANDS];
}

/** True when the daemon answers `/name` (or may: the list has not arrived yet). */
export function isDaemonCommand(name: string): boolean {
  if ((CORE_COMMANDS as readonly string[]).includes(name)) return true;
  return daemonCommands === null || daemonCommands.some((command) => command.name === name);
}
