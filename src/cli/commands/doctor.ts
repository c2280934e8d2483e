// `kern doctor [DIR] [--fix] [--json]`: tiling, coverage, parents, orphans, vectors, corrupt log
// lines, and a 0–100 score. With the daemon running it asks the daemon (the one writer of the
// files), --fix included; without one it opens the files itself.
import type { Command } from "commander";
import { formatSandboxLine } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerDoctorCommand(program: Command, context: CliContext): void {
  program
    .command("doctor")
    .description("check the logs and the memory tree; --fix repairs what is safe")
    .argument("[dir]", "agent folder", ".")
    .option("--fix", "repair what is safe (never deletes log entries)")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: { fix?: boolean; json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const report = daemon
        ? await daemon.client.doctor(Boolean(flags.fix))
        : await (await loadDaemon()).doctorAgent({
            agentDir: dir,
            env: context.env,
            fix: Boolean(flags.fix),
          });
      // The running daemon's own sandbox, else the one it would build now (SPEC §16).
      const sandbox = daemon
        ? (await daemon.client.status()).sandbox
        : await (await loadDaemon()).sandboxReport(dir, context.env);
      if (flags.json) return context.output.json({ ...report, ...(sandbox ? { sandbox } : {}) });
      context.output.line(`health score ${report.score}/100${report.healthy ? " — healthy" : ""}`);
      const stats = report.stats;
      const levels =
        Object.entries(stats.segments)
          .map(([level, count]) => `${level} ${count}`)
          .join(", ") || "none";
      context.output.line(
        `${stats.sessions} session(s), ${stats.messages} messages, segments ${levels}, ${stats.vectors} vectors (${stats.pendingVectors} pending), ${stats.corruptLines} corrupt line(s)`,
      );
      for (const finding of report.findings) {
        context.output.line(
          `  ${finding.severity.toUpperCase().padEnd(5)} ${finding.check}: ${finding.message}${finding.fix ? ` — fix: ${finding.fix}` : ""}`,
        );
      }
      for (const fixed of report.fixed) context.output.line(`  fixed: ${fixed}`);
      if (sandbox) context.output.line(formatSandboxLine(sandbox));
    });
}
