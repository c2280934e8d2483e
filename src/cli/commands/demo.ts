// `kern demo [DIR]`: the offline showcase — builds the demo agent's memory, prints the tree, the
// composed <conversation_summary> and the compression, then starts the daemon for the web UI.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { selfCommand } from "../daemon-command.js";
import { formatLevelCounts, formatSegmentTree } from "../format-segment-tree.js";
import { loadDaemon } from "../load-daemon.js";
import { webLoginLine } from "../web-login-line.js";

export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command("demo")
    .description("offline showcase: a long multi-topic history, its memory tree, the web UI")
    .argument("[dir]", "where to create the demo agent", "kern-demo")
    .option("--no-start", "do not start the daemon afterwards")
    .action(async (dir: string, flags: { start: boolean }) => {
      const { runDemo, startDaemon } = await loadDaemon();
      const bars = new Map<string, (done: number, total: number) => void>();
      const report = await runDemo({
        agentDir: dir,
        env: context.env,
        onProgress: ({ phase, done, total }) => {
          if (!bars.has(phase)) bars.set(phase, context.output.progress(phase.padEnd(9)));
          bars.get(phase)?.(done, total);
        },
      });
      context.output.endProgress();
      const out = context.output;
      out.line(
        `demo agent in ${report.agentDir}: ${report.imported || "already imported"} messages; memory built in ${(report.ms / 1000).toFixed(1)} s`,
      );
      out.line();
      out.line(`segment tree (${formatLevelCounts(report.segments.segments)}):`);
      for (const line of formatSegmentTree(report.segments.segments, 4).slice(0, 40))
        out.line(`  ${line}`);
      const summary = /^<conversation_summary>\n[\s\S]*?^<\/conversation_summary>$/m.exec(
        report.context.systemPrompt,
      )?.[0];
      out.line();
      out.line(
        `composed <conversation_summary> at a ${report.context.maxContextTokens}-token budget (${report.context.tokens.summary} tokens, ${report.context.segmentIds.length} blocks, ${report.context.trimmedCount} messages trimmed):`,
      );
      const lines = (summary ?? "(nothing trimmed: the whole history fits)").split("\n");
      for (const line of lines.slice(0, 30)) out.line(`  ${line}`);
      if (lines.length > 30) out.line(`  … ${lines.length - 30} more lines (kern context ${dir})`);
      out.line();
      out.line("compression per level (tokens in → tokens out):");
      for (const level of report.compression) {
        out.line(
          `  L${level.level}: ${level.segments} segments, ${level.tokensIn} → ${level.tokensOut} tokens (${level.ratio.toFixed(1)}×)`,
        );
      }
      if (!flags.start) return;
      const started = await startDaemon({ agentDir: dir, command: selfCommand() });
      out.line();
      out.line(
        `daemon ${started.alreadyRunning ? "already running" : "started"} (pid ${started.pid})`,
      );
      out.line(await webLoginLine(dir, started.url));
      out.line(
        `try: kern segments ${dir} · kern recall "postgres replication" ${dir} · kern stop ${dir}`,
      );
    });
}
