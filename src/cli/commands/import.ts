// `kern import FILE [DIR]`: append a conversation to the agent's session (SPEC §3).
import type { Command } from "commander";
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
      const { importConversation } = await loadDaemon();
      const report = await importConversation({ agentDir: dir, file, clock: context.clock });
      if (flags.json) return context.output.json(report);
      context.output.line(
        `imported ${report.imported} messages (${report.format}) into ${report.session} [${report.seqStart}, ${report.seqEnd}) in ${report.ms} ms`,
      );
      if (report.skippedSystemMessages > 0)
        context.output.line(`skipped ${report.skippedSystemMessages} system message(s)`);
    });
}
