// The reading commands by history size (issue 32, Build 4 and Must-show 2): `kern status`,
// `segments`, `context`, `recall`, `memory` without a daemon, from the CLI start run (2k and its
// 20k agent) and from every size run that timed them (100k, 300k, 1M…), with the ratio to 100k.
import { READING_TARGETS_MS } from "../measures/reading-commands.js";
import { sizeName, table } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";

interface Column {
  size: number;
  byCommand: Map<string, number>;
}

/** Each size's newest timing: a size run after the CLI start run replaces its 20k column. */
function columnsOf(results: MergedResults): Column[] {
  const columns = new Map<number, Column & { ranAt: string }>();
  const add = (
    size: number,
    ranAt: string,
    commands: ReadonlyArray<{ command: string; daemon: boolean; medianMs: number }>,
  ) => {
    const held = columns.get(size);
    if (held && held.ranAt >= ranAt) return;
    const byCommand = new Map(
      commands.filter((entry) => !entry.daemon).map((entry) => [entry.command, entry.medianMs]),
    );
    columns.set(size, { size, byCommand, ranAt });
  };
  const cli = results.cliStart;
  if (cli) add(cli.historyMessages, cli.ranAt, cli.commands);
  if (cli?.readingAtSize)
    add(cli.readingAtSize.historyMessages, cli.ranAt, cli.readingAtSize.commands);
  for (const result of results.sizes) {
    if (result.readingCommands) add(result.size, result.ranAt, result.readingCommands);
  }
  return [...columns.values()].sort((a, b) => a.size - b.size);
}

function targetFor(size: number): number | null {
  return READING_TARGETS_MS.find((target) => size === target.upTo)?.ms ?? null;
}

function cell(column: Column, command: string, base: Column | undefined): string {
  const value = column.byCommand.get(command);
  if (value === undefined) return "–";
  const target = targetFor(column.size);
  const mark = target === null ? "" : value < target ? " ✓" : " ✗";
  const ratio =
    base && column.size > base.size && base.byCommand.get(command)
      ? ` (${(value / (base.byCommand.get(command) ?? 1)).toFixed(1)}×)`
      : "";
  return `${value} ms${mark}${ratio}`;
}

export function renderReadingCommands(results: MergedResults): string {
  const columns = columnsOf(results);
  if (!columns.some((column) => column.size >= 20_000)) return "";
  const base = columns.find((column) => column.size === 100_000);
  const commands = ["kern status", "kern segments", "kern context", "kern recall", "kern memory"];
  const rows = commands.map((command) => [
    `\`${command}\``,
    ...columns.map((column) => cell(column, command, base)),
  ]);
  return [
    "### Reading commands by history size",
    "",
    "The commands that only read, without a daemon (issue 32): whole-process medians against " +
      "agents of each size (2k and 20k from the CLI start run or a newer size run, larger ones from `--size` runs), with the " +
      "ratio to 100k in brackets. Targets: < 300 ms at 20k, < 1 s at 1M (✓/✗).",
    "",
    table(["command", ...columns.map((column) => sizeName(column.size))], rows),
  ].join("\n");
}
