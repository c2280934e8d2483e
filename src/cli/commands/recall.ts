// `kern recall QUERY [DIR] [-k N] [--json]` and `--queries FILE` (one JSON object per line).
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { type RecallReport, UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerRecallCommand(program: Command, context: CliContext): void {
  program
    .command("recall")
    .description("hybrid search (keywords + meaning) over every session")
    .argument("[query]", "what to look for")
    .argument("[dir]", "agent folder", ".")
    .option("-k <n>", "number of results", "10")
    .option("--queries <file>", "one query per line; prints one JSON object per line")
    .option("--json", "print JSON (docs/cli.md)")
    .action(
      async (
        query: string | undefined,
        dir: string,
        flags: { k: string; queries?: string; json?: boolean },
      ) => {
        const k = Number(flags.k);
        if (!Number.isInteger(k) || k < 1 || k > 100)
          throw new UsageError("-k takes an integer from 1 to 100");
        const queries = flags.queries
          ? (await readFile(flags.queries, "utf8"))
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
          : query
            ? [query]
            : [];
        if (queries.length === 0)
          throw new UsageError("give a QUERY, or --queries FILE with one query per line");
        // With --queries there is no QUERY: the one positional is the agent folder.
        const agentDir = flags.queries && query !== undefined && dir === "." ? query : dir;
        const daemon = await connectDaemon(agentDir);
        const search = async (run: (text: string) => Promise<RecallReport>) => {
          for (const text of queries) {
            const report = await run(text);
            if (flags.queries) context.output.line(JSON.stringify(report));
            else if (flags.json) context.output.json(report);
            else printReport(context, report);
          }
        };
        if (daemon) await search((text) => daemon.client.recall(text, k));
        else
          await (await loadDaemon()).withOfflineMemory({ agentDir, env: context.env }, (memory) =>
            search((text) => memory.recall({ query: text, k })),
          );
      },
    );
}

function printReport(context: CliContext, report: RecallReport): void {
  if (report.results.length === 0) {
    context.output.line(`no close matches for "${report.query}"`);
    return;
  }
  for (const hit of report.results) {
    context.output.line(
      `${hit.score.toFixed(4)}  ${hit.ts.slice(0, 16)}  ${hit.session} [${hit.seqStart}, ${hit.seqEnd})`,
    );
    context.output.line(`        ${hit.snippet.replace(/\s+/g, " ").slice(0, 200)}`);
  }
}
