// `kern context [DIR] [--json] [--max-context-tokens N] [--prompt]`: the token breakdown of the
// composed prompt (and the system prompt itself with --prompt or in --json).
import type { Command } from "commander";
import { type ContextReport, formatContext, UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadReadOnly } from "../load-daemon.js";

/** The report composed from the files (no daemon runs). */
async function composeOffline(
  dir: string,
  env: CliContext["env"],
  budget: number | undefined,
): Promise<ContextReport> {
  const { readContextReport } = await loadReadOnly();
  return readContextReport({ agentDir: dir, env }, budget);
}

interface ContextFlags {
  json?: boolean;
  maxContextTokens?: string;
  prompt?: boolean;
}

export function registerContextCommand(program: Command, context: CliContext): void {
  program
    .command("context")
    .description("the next prompt's token breakdown: sections, summaries, verbatim window")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON, the system prompt included (docs/cli.md)")
    .option("--max-context-tokens <n>", "compose for another budget (tokens, at least 1000)")
    .option("--prompt", "print the whole system prompt too, before the breakdown")
    .action(async (dir: string, flags: ContextFlags) => {
      const budget =
        flags.maxContextTokens === undefined ? undefined : Number(flags.maxContextTokens);
      if (budget !== undefined && (!Number.isInteger(budget) || budget < 1000)) {
        throw new UsageError(
          "--max-context-tokens takes an integer ≥ 1000, e.g. --max-context-tokens 50000",
        );
      }
      const daemon = await connectDaemon(dir);
      const report = daemon
        ? {
            ...(await daemon.client.contextStats(budget)),
            systemPrompt: await daemon.client.contextSystem(budget),
          }
        : await composeOffline(dir, context.env, budget);
      if (flags.json) return context.output.json(report);
      // The breakdown is what a person looks for; the prompt runs to thousands of lines.
      if (flags.prompt) {
        context.output.line(report.systemPrompt);
        context.output.line();
      }
      context.output.line(formatContext(report));
      if (!flags.prompt) {
        const lines = report.systemPrompt.split("\n").length;
        context.output.line(`the system prompt (${lines} lines): kern context ${dir} --prompt`);
      }
    });
}
