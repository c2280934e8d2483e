// `kern import FILE [DIR]`: append a conversation to the agent's session and build its memory to
// completion (SPEC §3), with progress by phase on a TTY and one summary line.
import type { Command } from "commander";
import type { ImportPhase } from "../../daemon/index.js";
import type { CliContext } from "../cli-context.js";
import { loadDaemon } from "../load-daemon.js";

export function registerImportCommand(program: Command, context: CliContext): void {
  program
    .command("import")
    .description("append a conversation (kern JSONL, OpenAI JSONL or JSON array) to the session")
    .argument("<file>", "conversation file")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print the report as JSON")
    .action(async (file: string, dir: string, flags: { json?: boolean }) => {
      const { runImport } = await loadDaemon();
      let phase = "";
      let update = context.output.progress("import");
      const report = await runImport({
        agentDir: dir,
        file,
        clock: context.clock,
        env: context.env,
        onProgress: (next, done, total) => {
          if (next !== phase) {
            context.output.endProgress();
            [phase, update] = [next, context.output.progress(`import: ${PHASE_NAMES[next]}`)];
          }
          update(done, total);
        },
      });
      context.output.endProgress();
      if (flags.json) return context.output.json(report);
      const levels = Object.entries(report.segments)
        .map(([level, count]) => `${level} ${count}`)
        .join(", ");
      context.output.line(
        `imported ${report.imported} messages (${report.format}) into ${report.session} [${report.seqStart}, ${report.seqEnd})`,
      );
      context.output.line(
        `memory built: ${levels || "no segments"} in ${seconds(report.memoryMs)}; total ${seconds(report.totalMs)}`,
      );
      if (report.skippedDuplicates > 0)
        context.output.line(
          `skipped ${report.skippedDuplicates} message(s) already imported (same source id and content)`,
        );
      if (report.skippedSystemMessages > 0)
        context.output.line(`skipped ${report.skippedSystemMessages} system message(s)`);
    });
}

const PHASE_NAMES: Record<ImportPhase, string> = {
  append: "append + index",
  embed: "embed",
  segment: "segment",
  summarize: "summarize",
  rollup: "roll up",
};

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
