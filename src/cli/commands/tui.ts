// `kern tui [DIR]` (alias `chat`): starts the daemon if needed and opens the terminal chat. ink
// loads lazily, only here (SG-23). Ctrl-C leaves the daemon running.
import { join } from "node:path";
import type { Command } from "commander";
import { formatTuiKeys } from "../../interfaces/tui/tui-keys.js";
import { KernError, UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon, selfCommand } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerTuiCommand(program: Command, context: CliContext): void {
  program
    .command("tui")
    .alias("chat")
    .description("chat with the agent in the terminal (starts the daemon if needed)")
    .argument("[dir]", "agent folder", ".")
    .addHelpText("after", TUI_HELP)
    .action(async (dir: string) => {
      if (!context.stdinIsTTY) {
        throw new KernError(
          "KERN_NOT_A_TERMINAL",
          "kern tui needs an interactive terminal (stdin is not a TTY); use the web UI or POST /message instead",
        );
      }
      // ink and React take most of a second to load: load them while the daemon is reached.
      const loadingTui = import("../../interfaces/tui/index.js");
      loadingTui.catch(() => undefined);
      let daemon = await connectDaemon(dir);
      if (!daemon) {
        context.output.line(`starting the daemon for ${dir}…`);
        const { startDaemon } = await loadDaemon();
        await startDaemon({ agentDir: dir, command: selfCommand() });
        daemon = await connectDaemon(dir);
      }
      if (!daemon)
        throw new UsageError(`could not reach the daemon for ${dir}; see 'kern logs ${dir}'`);
      const [status, { renderTui }] = await Promise.all([daemon.client.status(), loadingTui]);
      await renderTui({
        client: daemon.client,
        agentName: status.agent,
        historyFile: join(dir, ".kern", "tui-history.jsonl"),
      });
    });
}

/** What the input line's keys do, and the commands the terminal answers itself. */
const TUI_HELP = [
  "",
  "Keys:",
  ...formatTuiKeys(),
  "",
  "In the chat, /help lists the commands kern answers (/status, /recall QUERY, …);",
  "/pair CODE lets in someone who wrote to the bot on Telegram or Discord;",
  "/exit quits and leaves the daemon running.",
  "A job or heartbeat that answered NO_REPLY is one line; /expand shows its prompt.",
].join("\n");
