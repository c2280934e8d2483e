// `/subagents` and the `kern status` lines: one sub-agent a line, with its state and tokens.
import type { SubagentRow } from "../../kernel/index.js";

export function formatSubagentLine(row: SubagentRow): string {
  const when = row.state === "running" ? `since ${row.startedAt}` : `at ${row.endedAt}`;
  const task = row.task.length > 80 ? `${row.task.slice(0, 79)}…` : row.task;
  return `${row.id}  ${row.state} ${when}  ${row.inputTokens} in + ${row.outputTokens} out tokens  ${task}`;
}

export function formatSubagentList(rows: readonly SubagentRow[]): string {
  if (rows.length === 0) return "no sub-agents in this run";
  return rows.map(formatSubagentLine).join("\n");
}
