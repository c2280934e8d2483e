// `kern restore FILE DIR`: the agent back from a `kern backup` archive, checked against its
// manifest, kern.db rebuilt from the restored logs (docs/operations.md; --json in docs/cli.md).
import type { Command } from "commander";
import { contentsLines } from "../backup-lines.js";
import type { CliContext } from "../cli-context.js";
import { loadDaemon } from "../load-daemon.js";

export function registerRestoreCommand(program: Command, context: CliContext): void {
  program
    .command("restore")
    .description("restore an agent from a backup into an empty folder")
    .argument("<file>", "the backup (.tar.gz) made by 'kern backup'")
    .argument("<dir>", "the folder to restore into (new or empty)")
    .option("--force", "restore over a non-empty folder (it is moved aside, not deleted)")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (file: string, dir: string, flags: { force?: boolean; json?: boolean }) => {
      const { restoreBackup } = await loadDaemon();
      let phase = "";
      let update = context.output.progress("restore");
      const report = await restoreBackup({
        file,
        agentDir: dir,
        force: flags.force === true,
        env: context.env,
        onProgress: (next, done, total) => {
          if (next !== phase) {
            context.output.endProgress();
            phase = next;
            update = context.output.progress(`restore: ${phase}`);
          }
          update(done, total);
        },
      });
      context.output.endProgress();
      if (flags.json) return context.output.json(report);
      const { manifest } = report;
      context.output.line(`restored ${manifest.agentName} into ${report.agentDir}`);
      for (const line of contentsLines(manifest)) context.output.line(line);
      const { messages, segments, vectors } = report.reindexed;
      context.output.line(
        `  kern.db rebuilt: ${messages} messages, ${segments} segments, ${vectors} vectors`,
      );
      if (report.reindexed.vectorsError)
        context.output.line("  vectors not made now (the embedder failed); the daemon makes them");
      if (report.movedAside)
        context.output.line(`  what was in ${dir} is now ${report.movedAside}`);
      if (report.newAuthToken)
        context.output.line(
          `  the backup held no secrets: a new KERN_AUTH_TOKEN is in ${dir}/.kern/.env;\n  put the model's API key there too (docs/config.md)`,
        );
    });
}
