// `/subagents` and the `kern status` lines: one sub-agent a line, with its state and tokens.
import type { SubagentRow } from "../../protocol/index.js";

export function formatSubagentLine(row: SubagentRow): string {
  const when = row.state === "running" ? `since ${row.startedAt}` : `at ${row.endedAt}`;
  const task = row.task.length > 80 ? `${row.task.slice(0, 79)}…` : row.task;
  return `${row.id}  ${row.state} ${when}  ${row.inputTokens} in + ${row.outputTokens} out tokens  ${task}`;
}

export function formatSubagentList(rows: readonly SubagentRow[]): string {
  if (rows.length === 0) return "no sub-agents in this run";
  return rows.map(formatSubagentLine).join("\n");
}

/** `kern status` lines: the sub-agents that run now and their tokens so far. */
export function formatSubagentLines(rows: readonly SubagentRow[]): string[] {
  const tokens = rows.reduce((sum, row) => sum + row.inputTokens + row.outputTokens, 0);
  return [
    `sub-agents: ${rows.length} running${rows.length > 0 ? ` (${tokens} tokens so far)` : ""}`,
    ...rows.map((row) => `  ${row.id} since ${row.startedAt}: ${row.task.slice(0, 60)}`),
  ];
}
