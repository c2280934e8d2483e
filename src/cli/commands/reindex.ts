// `kern reindex [DIR]`: drop kern.db and rebuild it from the two logs, with zero model calls.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { loadDaemon } from "../load-daemon.js";

export function registerReindexCommand(program: Command, context: CliContext): void {
  program
    .command("reindex")
    .description("rebuild .kern/kern.db from the session and memory logs (no model calls)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print the report as JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const { reindex } = await loadDaemon();
      let phase = "";
      let update = context.output.progress("reindex");
      const report = await reindex({
        agentDir: dir,
        env: context.env,
        onProgress: (progress) => {
          if (progress.phase !== phase) {
            context.output.endProgress();
            phase = progress.phase;
            update = context.output.progress(`reindex: ${phase}`);
          }
          update(progress.done, progress.total);
        },
      });
      context.output.endProgress();
      if (flags.json) return context.output.json(report);
      context.output.line(
        `reindexed ${report.messages} messages in ${report.sessions} session(s), ${report.segments} segments, ${report.summaries} summaries, ${report.vectors} vectors in ${report.ms} ms`,
      );
      if (report.vectorsError)
        context.output.line(
          `vectors not rebuilt (${report.vectorsError}); the daemon embeds them when it runs`,
        );
      if (report.corruptLines.length > 0)
        context.output.line(
          `skipped ${report.corruptLines.length} corrupt log line(s); run 'kern doctor ${dir}'`,
        );
    });
}
