// `kern recall QUERY [DIR] [-k N] [--json]` and `--queries FILE` (one JSON object per line).
import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import {
  formatLocalDateTime,
  type RecallReport,
  recallAssistLines,
  UsageError,
} from "../../kernel/index.js";
import { agentTimezone } from "../agent-timezone.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadReadOnly } from "../load-daemon.js";

export function registerRecallCommand(program: Command, context: CliContext): void {
  program
    .command("recall")
    .description("hybrid search (keywords + meaning) over every session")
    .argument("[query]", "what to look for")
    .argument("[dir]", "agent folder", ".")
    .option("-k <n>", "number of results", "10")
    .option("--queries <file>", "one query per line; prints one JSON object per line")
    .option("--after <date>", "only messages at or after this ISO date/time")
    .option("--before <date>", "only messages before this ISO date/time")
    .option("--role <role>", "only messages of this role: user, assistant or tool")
    .option("--session <id>", "only this session")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (query: string | undefined, dir: string, flags: RecallFlags) => {
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
      const plainText = !flags.queries && !flags.json;
      const timezone = plainText ? await agentTimezone(agentDir, context.env) : "UTC";
      const search = async (run: (text: string) => Promise<RecallReport>) => {
        for (const text of queries) {
          const report = await run(text);
          if (flags.queries) context.output.line(JSON.stringify(report));
          else if (flags.json) context.output.json(report);
          else printReport(context, report, timezone);
        }
      };
      const filters = recallFilters(flags);
      const given = Object.keys(filters).length > 0 ? { filters } : {};
      if (daemon) await search((text) => daemon.client.recall(text, k, filters));
      else
        await (await loadReadOnly()).withReadOnlyRecall({ agentDir, env: context.env }, (recall) =>
          search((text) => recall({ query: text, k, ...given })),
        );
    });
}

interface RecallFlags {
  k: string;
  queries?: string;
  json?: boolean;
  after?: string;
  before?: string;
  role?: string;
  session?: string;
}

const ROLES = ["user", "assistant", "tool"] as const;

/** The filter flags, checked: dates must parse, the role must be one of three. */
function recallFilters(flags: RecallFlags): {
  after?: string;
  before?: string;
  role?: (typeof ROLES)[number];
  session?: string;
} {
  const filters: ReturnType<typeof recallFilters> = {};
  for (const key of ["after", "before"] as const) {
    const value = flags[key];
    if (value === undefined) continue;
    const time = Date.parse(value);
    if (Number.isNaN(time))
      throw new UsageError(`--${key} takes an ISO date or time like 2026-03-01, got "${value}"`);
    filters[key] = new Date(time).toISOString();
  }
  if (flags.role !== undefined) {
    const role = ROLES.find((candidate) => candidate === flags.role);
    if (!role) throw new UsageError(`--role takes user, assistant or tool, got "${flags.role}"`);
    filters.role = role;
  }
  if (flags.session !== undefined) filters.session = flags.session;
  return filters;
}

function printReport(context: CliContext, report: RecallReport, timezone: string): void {
  if (report.results.length === 0) context.output.line(`no close matches for "${report.query}"`);
  for (const hit of report.results) {
    context.output.line(
      `${hit.score.toFixed(4)}  ${formatLocalDateTime(hit.ts, timezone)}  ${hit.session} [${hit.seqStart}, ${hit.seqEnd})  ${hit.speaker ?? ""}`.trimEnd(),
    );
    context.output.line(`        ${hit.snippet.replace(/\s+/g, " ").slice(0, 200)}`);
  }
  for (const line of recallAssistLines(report)) context.output.line(line.slice(0, 80));
}
