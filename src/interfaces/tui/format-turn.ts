// Pure formatting of what a turn shows besides its text: compact tool lines, envelope prefixes,
// token counts and the status line. No I/O, no ink.
import type { AgentStatus, MemoryState } from "../../kernel/index.js";
import type { ToolResultView } from "./transcript-item.js";

const ARGUMENT_WIDTH = 60;

/** The user-visible gist of a tool call's JSON arguments: the command, path, pattern or query. */
export function summarizeToolArguments(argumentsJson: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return shorten(argumentsJson); // partial or non-JSON arguments: show them as they are
  }
  if (typeof parsed !== "object" || parsed === null) return shorten(String(parsed));
  const fields = new Map<string, unknown>(
    Object.keys(parsed).map((key): [string, unknown] => [key, Reflect.get(parsed, key)]),
  );
  for (const key of ["command", "path", "file_path", "pattern", "query", "id", "text"]) {
    const value = fields.get(key);
    if (typeof value === "string" && value) return shorten(value);
  }
  const firstString = [...fields.values()].find((value) => typeof value === "string");
  return typeof firstString === "string" ? shorten(firstString) : "";
}

/** `12 lines`, `1 line`, `no output`, or `error: <first line>`; `…` while the tool runs. */
function summarizeToolOutput(result: ToolResultView | null): string {
  if (!result) return "…";
  const trimmed = result.output.replace(/\s+$/, "");
  // Tool errors often say "error: …" themselves (the registry's do): one prefix, not two.
  const first = (trimmed.split("\n")[0] ?? "").replace(/^error:\s*/i, "");
  if (result.isError) return `error: ${shorten(first)}`;
  if (!trimmed) return "no output";
  const lines = trimmed.split("\n").length;
  return lines === 1 ? "1 line" : `${lines} lines`;
}

/** One dim line per tool call: `⚙ bash ls -la → 12 lines`. */
export function formatToolLine(tool: {
  name: string;
  arguments: string;
  result: ToolResultView | null;
}): string {
  const gist = summarizeToolArguments(tool.arguments);
  const head = gist ? `⚙ ${tool.name} ${gist}` : `⚙ ${tool.name}`;
  return `${head} → ${summarizeToolOutput(tool.result)}`;
}

/** Removes the `[via telegram, chat 1, user Ann, …]` line kern stores before inbound text. */
export function stripEnvelopePrefix(text: string): string {
  return text.replace(/^\[via [^\]\n]*\]\n/, "");
}

/** `950`, `12.3k`, `1.2M`. */
export function formatTokenCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${trimZero((count / 1000).toFixed(1))}k`;
  return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}

/** `memory idle · L0 12 L1 1`, `memory running (3 jobs) · …`, with stale counts and errors. */
export function formatMemoryState(memory: MemoryState): string {
  const parts = [
    memory.status === "running" ? `memory running (${memory.pendingJobs} jobs)` : "memory idle",
  ];
  const levels = Object.entries(memory.segments)
    .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
    .map(([level, count]) => `${/^\d+$/.test(level) ? `L${level}` : level} ${count}`);
  if (levels.length > 0) parts.push(levels.join(" "));
  if (memory.staleSegments > 0) parts.push(`${memory.staleSegments} stale`);
  if (memory.lastError) parts.push("last job failed");
  return parts.join(" · ");
}

export type ConnectionState = "connecting" | "connected" | "disconnected";

export interface StatusLineParts {
  indicator: string;
  details: string;
  hint: string;
}

/** The status line: connection, agent, model, session size, memory, and what keys do now. */
export function formatStatusLine(options: {
  agentName: string;
  connection: ConnectionState;
  connectionError: string | null;
  status: AgentStatus | null;
  turnRunning: boolean;
}): StatusLineParts {
  const { status, connection } = options;
  const indicator =
    connection === "connected"
      ? "● connected"
      : connection === "connecting"
        ? "○ connecting…"
        : `○ disconnected — reconnecting…${options.connectionError ? ` (${options.connectionError})` : ""}`;
  const details = [status?.agent ?? options.agentName];
  if (status) {
    details.push(status.model ?? "no model configured");
    const messages = status.session.messages;
    details.push(
      `${messages} ${messages === 1 ? "message" : "messages"}, ${formatTokenCount(status.session.tokens)} tokens`,
    );
    details.push(formatMemoryState(status.memory));
  }
  const hint = options.turnRunning ? "Esc cancels the turn · Ctrl-C quits" : "/help · Ctrl-C quits";
  return { indicator, details: details.join(" · "), hint };
}

/**
 * The status line cut to one row of `columns`: the details lose their end (with "…") before the
 * indicator and the key hint lose anything; what still does not fit is cut by the terminal.
 */
export function fitStatusLine(parts: StatusLineParts, columns: number): StatusLineParts {
  const fixed = Array.from(`${parts.indicator} ·  · ${parts.hint}`).length;
  const room = columns - fixed;
  const details = Array.from(parts.details);
  if (details.length <= room) return parts;
  const kept =
    room >= 2
      ? `${details
          .slice(0, room - 1)
          .join("")
          .trimEnd()}…`
      : "";
  return { ...parts, details: kept };
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(oneLine); // never cut inside a surrogate pair
  return characters.length > ARGUMENT_WIDTH
    ? `${characters.slice(0, ARGUMENT_WIDTH - 1).join("")}…`
    : oneLine;
}

function trimZero(fixed: string): string {
  return fixed.endsWith(".0") ? fixed.slice(0, -2) : fixed;
}
