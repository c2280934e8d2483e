// `kern backup [DIR] [FILE]`: one archive of the agent, consistent while its daemon runs (the
// daemon takes the cut); `--every` schedules it as a job instead (docs/operations.md; --json in
// docs/cli.md).
import type { Command } from "commander";
import { backupLines, parseKeep } from "../backup-lines.js";
import { type BackupFlags, scheduleBackup } from "../backup-schedule.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerBackupCommand(program: Command, context: CliContext): void {
  program
    .command("backup")
    .description("archive the agent (history, memory, repo, media) while it runs")
    .argument("[dir]", "agent folder", ".")
    .argument("[file]", "a .tar.gz file or a folder (default: DIR.backups/)")
    .option("--with-secrets", "include .kern/.env (API keys, tokens)")
    .option("--keep <n>", "keep this agent's newest N backups in the folder")
    .option("--every <duration>", "schedule it as a job: every 1d, 12h… (no model call)")
    .option("--name <job>", "the job's name with --every", "backup")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, file: string | undefined, flags: BackupFlags) => {
      if (flags.every) return scheduleBackup(context, dir, file, flags);
      const keep = parseKeep(flags.keep);
      const daemon = await connectDaemon(dir);
      // The running daemon is the one writer: it takes the cut, between two of its appends.
      // The client loads here, not at start-up (ADR 0012: every command pays for what it imports).
      const cut = daemon
        ? await (await import("../../client/index.js")).requestBackupCut({
            baseUrl: daemon.address.url,
            token: daemon.address.token,
          })
        : undefined;
      const { backupAgent } = await loadDaemon();
      const progress = context.output.progress("backup");
      const report = await backupAgent({
        agentDir: dir,
        ...(file ? { destination: file } : {}),
        withSecrets: flags.withSecrets === true,
        ...(keep === undefined ? {} : { keep }),
        env: context.env,
        ...(cut ? { cut } : {}),
        onProgress: progress,
      });
      context.output.endProgress();
      if (flags.json) return context.output.json(report);
      for (const line of backupLines(report, daemon !== null)) context.output.line(line);
    });
}
