// `kern memory [DIR] [--json]`: the working memory of the current session (SPEC §4) — task
// state, decisions, files, context, preferences — read offline from kern.db.
import type { Command } from "commander";
import { withOfflineMemory } from "../../daemon/index.js";
import { DaemonError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";

export function registerMemoryCommand(program: Command, context: CliContext): void {
  program
    .command("memory")
    .description("the working memory of the current session (task, decisions, files, context)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON: session, updatedAt, method, seqEnd, content, state")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      if (daemon) {
        // Opening kern.db and the logs beside the daemon could repair a line it is writing.
        throw new DaemonError(
          "KERN_DAEMON_API",
          `the daemon (pid ${daemon.address.pid}) is running and is the only writer of ${dir}/.kern; stop it with 'kern stop ${dir}' to read the working memory here, or open the web UI's Memory view`,
        );
      }
      const read = await withOfflineMemory(
        { agentDir: dir, env: context.env },
        async (memory, store, config) => ({
          session: store.sessionLog.sessionId,
          view: await memory.workingMemory(),
          enabled: config.workingMemory,
        }),
      );
      const { session, view, enabled } = read;
      if (flags.json) {
        return context.output.json(
          view ?? { session, updatedAt: null, method: null, seqEnd: 0, content: "", state: null },
        );
      }
      if (!enabled)
        context.output.line("workingMemory is off: set it to true in .kern/config.json");
      if (!view) {
        context.output.line(`no working memory yet for session ${session} (written after a turn)`);
        return;
      }
      context.output.line(
        `session ${session}: updated ${view.updatedAt} by ${view.method}, messages before seq ${view.seqEnd}`,
      );
      context.output.line();
      context.output.line(view.content);
    });
}
