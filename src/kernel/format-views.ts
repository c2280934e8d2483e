// Plain-text renderings of the views (status, context, segments, recall) shared by the chat
// commands, the CLI and every interface. Pure: no I/O; kept in kernel so a light caller (the CLI
// talking HTTP) does not load the runtime to print a status.
import { formatLocalDateTime } from "./local-time.js";
import type {
  AgentStatus,
  ContextReport,
  RecallReport,
  SandboxStatusView,
  SegmentsReport,
} from "./views.js";

export function formatStatus(status: AgentStatus): string {
  const levels =
    Object.entries(status.memory.segments)
      .map(([level, count]) => `${level} ${count}`)
      .join(", ") || "none";
  return [
    `${status.agent} — model ${status.model ?? "(none configured)"} via ${status.provider}`,
    `daemon pid ${status.pid}, up ${formatUptime(status.uptimeMs)}${status.url ? `, ${status.url}` : ""}`,
    `session ${status.session.id}: ${plural(status.session.messages, "message")}, ${status.session.tokens} tokens`,
    `queue: ${status.queue.running ? "1 running" : "idle"}, ${status.queue.waiting} waiting`,
    `memory: ${status.memory.status}; segments ${levels}; ${status.memory.staleSegments} stale; ${status.memory.unsegmentedMessages} unsegmented`,
    ...status.channels.map((channel) =>
      channel.enabled
        ? `${channel.id}: on, ${channel.pairedUsers} paired user(s), ${channel.pendingCodes} pending code(s)`
        : `${channel.id}: off${channel.detail ? ` (${channel.detail})` : ""}`,
    ),
    ...status.toolSources
      .filter((source) => source.state !== "ready" || source.id !== "builtin")
      // A ready source that offers nothing (mcp with no servers configured) says nothing.
      .filter((source) => source.state !== "ready" || source.tools > 0 || source.error !== null)
      .map(
        (source) =>
          `tools ${source.id}: ${source.state}, ${source.tools} tool(s)${source.error ? ` — ${source.error}` : ""}`,
      ),
    ...(status.approvals?.pending
      ? [`approvals: ${status.approvals.pending} waiting (kern approvals)`]
      : []),
    ...(status.plugins ?? [])
      .filter((plugin) => plugin.state === "failed")
      .map((plugin) => `plugin ${plugin.name}: failed — ${plugin.error ?? "unknown error"}`),
    ...(status.warnings ?? []).map((warning) => `warning: ${warning}`),
    ...Object.values(status.sections ?? {}).flatMap((section) => section.lines),
    ...(status.sandbox ? [formatSandboxLine(status.sandbox)] : []),
  ].join("\n");
}

/** `sandbox: bwrap (network on)`, `sandbox: off`, or the warning of "auto" without bubblewrap. */
export function formatSandboxLine(sandbox: SandboxStatusView): string {
  if (sandbox.mode === "bwrap") return `sandbox: bwrap (network ${sandbox.network ? "on" : "off"})`;
  if (sandbox.warning) return `WARNING no sandbox: ${sandbox.warning}`;
  return "sandbox: off (bash, background commands and stdio servers run unconfined)";
}

/** `42 s`, `11 min`, `2 h 5 min`, `3 d 4 h`. */
export function formatUptime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function formatContext(report: ContextReport): string {
  const percent = (tokens: number) => `${((tokens / report.maxContextTokens) * 100).toFixed(1)}%`;
  return [
    `budget ${report.maxContextTokens} tokens (summary share ${report.summaryBudget})`,
    `system ${report.tokens.system} (${percent(report.tokens.system)}), summary ${report.tokens.summary} (${percent(report.tokens.summary)}), messages ${report.tokens.messages} (${percent(report.tokens.messages)}), total ${report.tokens.total}`,
    ...(report.recallRoom > 0
      ? [`recall room ${report.recallRoom} (kept for a turn's <recall> block; autoRecall)`]
      : []),
    `trimmed ${report.trimmedCount} messages; verbatim window [${report.window.seqStart}, ${report.window.seqEnd}); ${report.segmentIds.length} summaries in context`,
    ...report.sections.map(
      (section) => `  ${section.tag}${section.path ? ` ${section.path}` : ""}: ${section.tokens}`,
    ),
  ].join("\n");
}

export function formatSegments(report: SegmentsReport): string {
  const byLevel = new Map<number, number>();
  for (const segment of report.segments)
    byLevel.set(segment.level, (byLevel.get(segment.level) ?? 0) + 1);
  const levels = [...byLevel.entries()].sort(([a], [b]) => b - a);
  if (levels.length === 0) return "no segments yet (the memory worker makes them as history grows)";
  const lines = levels.map(([level, count]) => `L${level}: ${count} segment(s)`);
  const top = report.segments.filter((segment) => segment.parentId === null).slice(-10);
  lines.push("newest top-level segments:");
  for (const segment of top)
    lines.push(
      `  L${segment.level} [${segment.seqStart}, ${segment.seqEnd}) ${segment.firstTs.slice(0, 10)} ${segment.method ?? "unsummarized"}`,
    );
  return lines.join("\n");
}

/** /recall's answer: one line a hit, its time in the agent's `timezone`. */
export function formatRecall(report: RecallReport, timezone: string): string {
  const assist = recallAssistLines(report);
  if (report.results.length === 0)
    return [`no close matches for "${report.query}"`, ...assist].join("\n");
  return [
    ...report.results.map(
      (hit) =>
        `[${hit.seqStart}-${hit.seqEnd - 1}] ${formatLocalDateTime(hit.ts, timezone)} ${hit.snippet}`,
    ),
    ...assist,
  ].join("\n");
}

/**
 * What the chat model did for a search (config recallAssist), one short line each; none when it
 * was not asked. `kern recall`, `/recall` and the web UI's Recall tab print the same lines.
 */
export function recallAssistLines(report: RecallReport): string[] {
  const assist = report.assist;
  if (!assist) return [];
  return [
    ...(assist.rewrites.length > 0
      ? [`model searched also: ${assist.rewrites.map((query) => `"${query}"`).join(", ")}`]
      : []),
    ...(assist.reranked > 0 ? [`model re-ordered the first ${assist.reranked} candidates`] : []),
    ...assist.failures.map((failure) => `model did not help (${failure})`),
  ];
}

/** Answers a read-only command; null for commands the runtime must act on (new, cancel, restart). */
