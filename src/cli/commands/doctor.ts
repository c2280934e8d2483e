// `kern doctor [DIR] [--fix] [--json]`: tiling, coverage, parents, orphans, vectors, corrupt log
// lines, and a 0–100 score. Works on the files; refuses --fix while the daemon (the writer) runs.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { loadConfigModule, loadDaemon } from "../load-daemon.js";

export function registerDoctorCommand(program: Command, context: CliContext): void {
  program
    .command("doctor")
    .description("check the logs and the memory tree; --fix repairs what is safe")
    .argument("[dir]", "agent folder", ".")
    .option("--fix", "repair what is safe (never deletes log entries)")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: { fix?: boolean; json?: boolean }) => {
      const { assertDaemonStopped, withOfflineMemory } = await loadDaemon();
      const { agentPaths } = await loadConfigModule();
      assertDaemonStopped(agentPaths(dir).pidFile, "running kern doctor");
      const report = await withOfflineMemory({ agentDir: dir, env: context.env }, (memory) =>
        memory.doctor({ fix: Boolean(flags.fix) }),
      );
      if (flags.json) return context.output.json(report);
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
    });
}
