// Read-only views the runtime answers queries with. The HTTP API (protocol/), the CLI's --json
// output (docs/cli.md) and the web UI all show these shapes; change them together. Pure types.
import type { MemoryState, Segment, SessionMessage } from "./types.js";

export interface AgentStatus {
  agent: string;
  agentDir: string;
  model: string | null;
  provider: string;
  pid: number;
  uptimeMs: number;
  port: number | null;
  url: string | null;
  session: { id: string; messages: number; tokens: number };
  queue: { running: string | null; waiting: number };
  memory: MemoryState;
  /** Every registered chat channel (on or off), with its pairing counts. */
  channels: ChannelStatusView[];
  /** Every tool source (built-in tools, MCP servers, skills…) and its state. */
  toolSources: ToolSourceStatusView[];
  /** What plugins add, by section name (SPEC §17): the value and the lines status prints. */
  sections?: Record<string, StatusSectionView>;
  /** Calls waiting for the operator's approval (SPEC §16); absent when no daemon runs. */
  approvals?: { pending: number };
  /** The daemon's plugins, kern's own and those config names (absent when no daemon runs). */
  plugins?: PluginStatusView[];
  /** Lines that need the operator's eye: the sandbox missing, a plugin that failed. */
  warnings?: string[];
  /** Where bash, background commands and stdio MCP servers run (SPEC §16). */
  sandbox?: SandboxStatusView;
}

/** The sandbox of a daemon: its setting, what it runs in, and the warning when it has none. */
export interface SandboxStatusView {
  setting: "auto" | "bwrap" | "off";
  /** "bwrap": inside bubblewrap; "none": unconfined, as the operator's user. */
  mode: "bwrap" | "none";
  /** Whether sandboxed commands reach the network (sandboxNetwork). */
  network: boolean;
  /** Why there is no sandbox while the setting is "auto", with how to fix it; else null. */
  warning: string | null;
}

/** One part of the status a plugin registered: its JSON value and its lines of text. */
export interface StatusSectionView {
  data: unknown;
  lines: string[];
}

/** A plugin as `kern plugins list` and the status show it. */
export interface PluginStatusView {
  name: string;
  /** "kern" for kern's own; else the npm package or the folder config names. */
  from: string;
  version: string | null;
  state: "ready" | "failed";
  error: string | null;
}

export interface ChannelStatusView {
  id: string;
  enabled: boolean;
  pairedUsers: number;
  pendingCodes: number;
  /** Why it is off and how to turn it on, or a note; null when there is nothing to say. */
  detail: string | null;
}

export interface ToolSourceStatusView {
  id: string;
  state: "ready" | "starting" | "failed" | "stopped";
  tools: number;
  /** The last error, with how to fix it. */
  error: string | null;
}

export interface SessionSummary {
  id: string;
  messageCount: number;
  firstTs: string | null;
  lastTs: string | null;
  durationMs: number;
  roles: { user: number; assistant: number; tool: number };
  /** Messages per day (YYYY-MM-DD → count), for activity charts. */
  activity: Record<string, number>;
  active: boolean;
}

export interface SessionsView {
  currentSessionId: string;
  sessions: SessionSummary[];
}

export interface HistoryPage {
  session: string;
  messages: SessionMessage[];
  /** True when older messages exist before the first one returned. */
  hasMore: boolean;
}

/** One tagged section of the composed system prompt and its exact token cost. */
export interface ContextSection {
  tag: string;
  path: string | null;
  tokens: number;
}

/** The composed prompt and its budget (`kern context --json`, `GET /context/stats`). */
export interface ContextReport {
  maxContextTokens: number;
  summaryBudget: number;
  tokens: { system: number; summary: number; messages: number; total: number };
  /**
   * Tokens the plan keeps for a turn's `<recall>` block while autoRecall is on (0 when off). A
   * turn's block spends up to this much on its user message and counts in `messages`; what it
   * leaves, and all of it when composed without a question (`kern context`), is not in `total`.
   */
  recallRoom: number;
  trimmedCount: number;
  /** The raw message window `[seqStart, seqEnd)` sent verbatim. */
  window: { seqStart: number; seqEnd: number };
  /** Ids of the segments `<conversation_summary>` holds, oldest first. */
  segmentIds: string[];
  sections: ContextSection[];
  systemPrompt: string;
}

/** A segment as listed by `kern segments --json` and `GET /segments` (no summary text). */
export type SegmentRow = Pick<
  Segment,
  | "id"
  | "level"
  | "seqStart"
  | "seqEnd"
  | "parentId"
  | "tokenCount"
  | "summaryTokens"
  | "method"
  | "firstTs"
  | "lastTs"
  | "stale"
>;

export interface SegmentsReport {
  session: string;
  segments: SegmentRow[];
}

/**
 * What the terminal's segment tree draws (`kern segments`, `kern demo`): the top-level segments
 * and their children, not every segment — at a million messages there are 43,000 of them.
 */
export interface SegmentTree {
  session: string;
  /** Segments per level, lowest level first. */
  levelCounts: Array<{ level: number; count: number }>;
  /** The top-level (parentless) segments and their children. */
  rows: SegmentRow[];
  /** How many children each of `rows` has (absent = none). */
  childCounts: Record<string, number>;
}

/** One segment with its summary, children and compression (`GET /segments/:id`). */
export interface SegmentDetail extends SegmentRow {
  session: string;
  summary: string | null;
  childIds: string[];
  /** tokenCount / summaryTokens, or null before a summary exists. */
  compression: number | null;
}

export interface RecallResult {
  session: string;
  seqStart: number;
  seqEnd: number;
  score: number;
  snippet: string;
  ts: string;
  /** Who said it: the speaker's name, the user, or the role. */
  speaker?: string;
}

export interface RecallReport {
  query: string;
  results: RecallResult[];
  /** What the chat model did for this search (config recallAssist); absent when it was not asked. */
  assist?: RecallAssistReport;
}

/** The model's help with one search (docs/cli.md, `kern recall --json`). */
export interface RecallAssistReport {
  /** The queries the model wrote and recall searched beside the question. */
  rewrites: string[];
  /** How many of the first candidates the model re-ordered (0: no rerank). */
  reranked: number;
  /** Why a call did not help ("rewrite: …", "rerank: …"); the search went on without it. */
  failures: string[];
}

export interface RecallStats {
  messages: number;
  sessions: number;
  vectors: number;
  firstTs: string | null;
  lastTs: string | null;
}

export interface NotesView {
  latest: { path: string; content: string } | null;
  previous: string[];
  summary: string | null;
  summaryUpdatedAt: string | null;
}

/** What `kern import` appended (SPEC §3; JSON shape in docs/cli.md). */
export interface ImportReport {
  format: "kern-session" | "jsonl" | "json-array";
  imported: number;
  skippedSystemMessages: number;
  /** Messages already in the session from an earlier import of the same source (not appended). */
  skippedDuplicates: number;
  session: string;
  seqStart: number;
  seqEnd: number;
  /** Milliseconds of the append. */
  ms: number;
}

/** An import with its memory built: segments per level (e.g. `{ L0: 12, L1: 1 }`) and times. */
export interface ImportBuildReport extends ImportReport {
  segments: Record<string, number>;
  memoryMs: number;
  totalMs: number;
}
