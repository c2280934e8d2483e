// `kern memory [DIR] [--json]`: the working memory of the current session (SPEC §4) — task
// state, decisions, files, context, preferences — through the daemon when it runs, else from kern.db.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadReadOnly } from "../load-daemon.js";

export function registerMemoryCommand(program: Command, context: CliContext): void {
  program
    .command("memory")
    .description("the working memory of the current session (task, decisions, files, context)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON: session, updatedAt, method, seqEnd, content, state")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const read = daemon
        ? {
            session: (await daemon.client.status()).session.id,
            view: await daemon.client.workingMemory(),
            enabled: true,
          }
        : await (await loadReadOnly()).readWorkingMemoryView({ agentDir: dir, env: context.env });
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
