// `kern init [DIR]`: the wizard on a TTY, flags otherwise (SPEC §2).
import type { Command } from "commander";
import type { InitAgentOptions } from "../../daemon/index.js";
import type { CliContext } from "../cli-context.js";
import { askInitQuestions } from "../init-wizard.js";
import { type DaemonModule, loadDaemon } from "../load-daemon.js";

const FLAG_KEYS = [
  "name",
  "provider",
  "model",
  "baseUrl",
  "apiKey",
  "embeddingModel",
  "summaryModel",
  "telegramToken",
  "discordToken",
] as const;

export function registerInitCommand(program: Command, context: CliContext): void {
  program
    .command("init")
    .description("create an agent folder (or adopt one that has AGENTS.md)")
    .argument("[dir]", "agent folder", ".")
    .option("--name <name>", "agent name")
    .option("--provider <provider>", "openai | openrouter | ollama | openai-compatible")
    .option("--model <model>", "chat model")
    .option("--base-url <url>", "OpenAI-compatible endpoint")
    .option("--api-key <key>", "API key (written to .kern/.env, never to config.json)")
    .option("--embedding-model <model>", "'local' (default) or a model on the endpoint")
    .option("--summary-model <model>", "model for summaries (default: the chat model)")
    .option("--telegram-token <token>", "Telegram bot token (written to .kern/.env)")
    .option("--discord-token <token>", "Discord bot token (written to .kern/.env)")
    .option("-y, --yes", "accept defaults, ask nothing")
    .action(async (dir: string, flags: Record<string, string | boolean | undefined>) => {
      const given = Object.fromEntries(
        FLAG_KEYS.filter((key) => flags[key] !== undefined).map((key) => [key, flags[key]]),
      );
      // Provider names are ids, but `OpenAI` means openai.
      if (typeof given["provider"] === "string")
        given["provider"] = given["provider"].toLowerCase();
      let options: InitAgentOptions = { agentDir: dir, ...given };
      if (context.stdinIsTTY && !flags["yes"] && Object.keys(given).length === 0) {
        options = { ...options, ...(await askInitQuestions(context, dir)) };
      } else if (Object.keys(given).length === 0 && !flags["yes"]) {
        context.output.line(
          "no TTY and no flags: using defaults (local embeddings, no model configured)",
        );
      }
      const { initAgent, checkModelSetup } = await loadDaemon();
      const report = await initAgent(options);
      printInitReport(context, report);
      // Can it chat? Said before "next:", each problem with its fix (issue 31).
      const problems = await checkModelSetup({ agentDir: dir, env: context.env });
      for (const { problem, fix } of problems) {
        context.output.line(`warning: ${problem}`);
        context.output.line(`  fix: ${fix}`);
      }
      if (report.updated.length > 0 && report.created.length === 0) {
        context.output.line(`a running daemon uses this after: kern restart ${dir}`);
        return;
      }
      const fixFirst = problems.length > 0 ? "fix the warnings above, then " : "";
      context.output.line(
        `next: ${fixFirst}kern tui ${dir}   (or kern start ${dir}; kern status ${dir})`,
      );
    });
}

/** What init made, kept and changed, a line each. */
function printInitReport(
  context: CliContext,
  report: Awaited<ReturnType<DaemonModule["initAgent"]>>,
): void {
  const verb =
    report.created.length === 0
      ? report.updated.length > 0
        ? "updated the"
        : "already set up (nothing overwritten):"
      : report.adopted
        ? "adopted"
        : "created";
  context.output.line(`${verb} agent in ${report.agentDir}`);
  for (const file of report.created) context.output.line(`  + ${file}`);
  if (report.kept.length > 0)
    context.output.line(`  kept ${report.kept.length} existing file(s) unchanged`);
  for (const change of report.updated) context.output.line(`  ~ ${change}`);
  if (report.gitCommitted) context.output.line("  git: initialized with a first commit");
}
