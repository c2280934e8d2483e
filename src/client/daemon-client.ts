// The typed HTTP + SSE client of the daemon API (SPEC §8), used by the CLI and the TUI. The token
// goes only in the Authorization header, never in a URL. Every failure is a DaemonError (SG-14).
import type {
  ActorRole,
  AgentStatus,
  ApprovalView,
  HistoryPage,
  NotesView,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentsReport,
  SessionsView,
} from "../kernel/index.js";
import { isKernError } from "../kernel/index.js";
import {
  agentStatusSchema,
  approvalListSchema,
  approvalViewSchema,
  type CommandListView,
  type ContextSegmentsView,
  type ContextStats,
  cancelTurnReplySchema,
  commandListSchema,
  contextSegmentsSchema,
  contextStatsSchema,
  type DoctorReportView,
  doctorReportSchema,
  historyPageSchema,
  type JobAddBody,
  type JobsOverview,
  type JobView,
  jobActionReplySchema,
  jobRunReplySchema,
  jobsOverviewSchema,
  jobViewSchema,
  type LoginCodeReply,
  loginCodeReplySchema,
  type McpListView,
  type McpServerView,
  mcpListViewSchema,
  mcpServerViewSchema,
  notesViewSchema,
  type PairedUserView,
  type PairingListView,
  type PostMessageBody,
  type PostMessageReply,
  type ProcessRow,
  pairedUserSchema,
  pairingListSchema,
  postMessageReplySchema,
  processListSchema,
  processRowSchema,
  recallReportSchema,
  recallStatsSchema,
  type SkillsListView,
  type StreamEvent,
  type SubagentRow,
  segmentDetailSchema,
  segmentsReportSchema,
  sessionsViewSchema,
  skillsListViewSchema,
  subagentListSchema,
  subagentRowSchema,
  type WorkingMemoryResponse,
  workingMemorySchema,
} from "../protocol/index.js";
import { createDaemonRequester } from "./daemon-requester.js";
import { fetchTransport, httpTransport } from "./plain-request.js";
import { readEventStream } from "./read-event-stream.js";
import { httpErrorToDaemonError, notRunningError } from "./to-daemon-error.js";

export type { ContextStats } from "../protocol/index.js";

export interface EventsOptions {
  /** Called once the daemon has accepted the stream (HTTP 200, before any event arrives). */
  onOpen?: () => void;
}

export interface DaemonClient {
  /** The daemon's base URL, e.g. `http://127.0.0.1:4100` (for messages). */
  readonly baseUrl: string;
  status(): Promise<AgentStatus>;
  /** Queues a turn; the reply streams on `events()`. */
  sendMessage(body: PostMessageBody): Promise<PostMessageReply>;
  cancelTurn(turnId: string): Promise<{ cancelled: boolean }>;
  /** The sub-agents of this run (the sub-agents plugin; KERN_NOT_FOUND without it). */
  subagents(): Promise<SubagentRow[]>;
  /** The background commands of this run (KERN_NOT_FOUND without the plugin). */
  processes(): Promise<ProcessRow[]>;
  /** Cancels a sub-agent; its row once it ended. */
  cancelSubagent(id: string): Promise<SubagentRow>;
  /** Stops a background command; its row once it ended. */
  stopProcess(id: string): Promise<ProcessRow>;
  history(options: { before?: number; limit: number }): Promise<HistoryPage>;
  sessions(): Promise<SessionsView>;
  /** The full composed system prompt, as text. */
  /** `maxContextTokens` composes with another budget, for inspection. */
  contextSystem(maxContextTokens?: number): Promise<string>;
  contextStats(maxContextTokens?: number): Promise<ContextStats>;
  /** The segments `<conversation_summary>` holds now. */
  contextSegments(): Promise<ContextSegmentsView>;
  segments(): Promise<SegmentsReport>;
  /** Throws DaemonError KERN_NOT_FOUND for an unknown id. */
  segment(id: string): Promise<SegmentDetail>;
  recallStats(): Promise<RecallStats>;
  /** `filters`: after/before (ISO timestamps), role, session, as `kern recall` takes them. */
  recall(query: string, k?: number, filters?: Record<string, string>): Promise<RecallReport>;
  notes(): Promise<NotesView>;
  /** The working memory, or null before its first update. */
  workingMemory(): Promise<WorkingMemoryResponse | null>;
  regenerateNotesSummary(): Promise<NotesView>;
  /** `kern doctor` run by the daemon on its own files; `fix` repairs what is safe. */
  doctor(fix: boolean): Promise<DoctorReportView>;
  pairingList(): Promise<PairingListView>;
  /** Throws DaemonError KERN_PAIRING_UNKNOWN when no such code is pending. */
  pairingApprove(code: string): Promise<PairedUserView>;
  /** Unpairs a user (SPEC §16); throws KERN_PAIRING_UNKNOWN when they are not paired. */
  pairingRevoke(channel: string, user: string): Promise<PairedUserView>;
  /** Promotes a paired user to operator or demotes them to member. */
  pairingRole(channel: string, user: string, role: ActorRole): Promise<PairedUserView>;
  /** Every chat command the daemon answers without the model (core and plugins'). */
  commands(): Promise<CommandListView["commands"]>;
  /** The calls waiting for the operator's approval, then the decided ones kept. */
  approvals(): Promise<ApprovalView[]>;
  /** Decides a waiting call; throws KERN_APPROVAL_UNKNOWN or KERN_APPROVAL_DECIDED. */
  decideApproval(id: string, approve: boolean): Promise<ApprovalView>;
  /** The jobs, the heartbeat and today's unattended spend (SPEC §13); `all`: the run history. */
  jobs(options?: { all?: boolean }): Promise<JobsOverview>;
  /** Throws KERN_USAGE, KERN_JOB_EXISTS or KERN_JOBS_FULL. */
  jobAdd(body: JobAddBody): Promise<JobView>;
  /** `remove`, `pause`, `resume` or `run` a job; throws KERN_JOB_NOT_FOUND. */
  jobAction(name: string, action: "remove" | "pause" | "resume"): Promise<JobView | null>;
  jobRun(name: string): Promise<{ turnId: string | null }>;
  /** A one-time code for the web login form (needs the bearer token). */
  loginCode(): Promise<LoginCodeReply>;
  /** MCP servers: state, tools, last error (SPEC §14). */
  mcpList(): Promise<McpListView>;
  /** Starts a configured server afresh, apart from the running one; KERN_MCP_UNKNOWN_SERVER. */
  mcpTest(name: string): Promise<McpServerView>;
  skillsList(): Promise<SkillsListView>;
  /**
   * The live event stream. Throws (on first iteration) KERN_DAEMON_NOT_RUNNING when nothing
   * answers, or the daemon's error; ends quietly when the connection closes or `signal` aborts.
   */
  events(signal: AbortSignal, options?: EventsOptions): AsyncIterable<StreamEvent>;
}

export interface CreateDaemonClientOptions {
  baseUrl: string;
  token: string;
  /**
   * Replaceable for tests. Defaults: node:http for request/answer calls (no undici to load for a
   * one-shot command), the global fetch for the event stream.
   */
  fetch?: typeof fetch;
  /** Limit for one request/answer (not the event stream). Default 60 s. */
  requestTimeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

function budgetQuery(maxContextTokens: number | undefined): string {
  return maxContextTokens === undefined ? "" : `?maxContextTokens=${maxContextTokens}`;
}

/** The calls of unattended work and extensions: sub-agents, processes, MCP, skills, jobs. */
function workMethods(requester: ReturnType<typeof createDaemonRequester>) {
  const { getJson, postJson } = requester;
  const path = (...parts: string[]) => `/${parts.map(encodeURIComponent).join("/")}`;
  return {
    subagents: () => getJson("/subagents", subagentListSchema).then((reply) => reply.subagents),
    processes: () => getJson("/processes", processListSchema).then((reply) => reply.processes),
    approvals: () => getJson("/approvals", approvalListSchema).then((reply) => reply.approvals),
    commands: () => getJson("/commands", commandListSchema).then((reply) => reply.commands),
    decideApproval: (id: string, approve: boolean) =>
      postJson(path("approvals", id), { approve }, approvalViewSchema),
    cancelSubagent: (id: string) =>
      postJson(`${path("subagents", id)}/cancel`, {}, subagentRowSchema),
    stopProcess: (id: string) => postJson(`${path("processes", id)}/stop`, {}, processRowSchema),
    mcpList: () => getJson("/extensions/mcp", mcpListViewSchema),
    mcpTest: (name: string) =>
      postJson(`/extensions${path("mcp", name)}/test`, {}, mcpServerViewSchema),
    skillsList: () => getJson("/extensions/skills", skillsListViewSchema),
    jobs: (options?: { all?: boolean }) =>
      getJson(options?.all ? "/jobs?all=1" : "/jobs", jobsOverviewSchema),
    jobAdd: (body: Parameters<DaemonClient["jobAdd"]>[0]) => postJson("/jobs", body, jobViewSchema),
    jobAction: (name: string, action: Parameters<DaemonClient["jobAction"]>[1]) =>
      postJson(`${path("jobs", name)}/${action}`, {}, jobActionReplySchema).then(
        (reply) => reply.job,
      ),
    jobRun: (name: string) => postJson(`${path("jobs", name)}/run`, {}, jobRunReplySchema),
  };
}

export function createDaemonClient(options: CreateDaemonClientOptions): DaemonClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const requester = createDaemonRequester({
    baseUrl,
    token: options.token,
    transport: options.fetch ? fetchTransport(options.fetch) : httpTransport,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  const { getJson, postJson } = requester;
  const segmentPath = (id: string) => `/segments/${encodeURIComponent(id)}`;

  return {
    baseUrl,
    status: () => getJson("/status", agentStatusSchema),
    sendMessage: (body) => postJson("/message", body, postMessageReplySchema),
    cancelTurn: (turnId) =>
      postJson(`/turns/${encodeURIComponent(turnId)}/cancel`, {}, cancelTurnReplySchema),
    history: ({ before, limit }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (before !== undefined) query.set("before", String(before));
      return getJson(`/history?${query}`, historyPageSchema);
    },
    sessions: () => getJson("/sessions", sessionsViewSchema),
    contextSystem: (budget) => requester.getText(`/context/system${budgetQuery(budget)}`),
    contextStats: (budget) => getJson(`/context/stats${budgetQuery(budget)}`, contextStatsSchema),
    contextSegments: () => getJson("/context/segments", contextSegmentsSchema),
    segments: () => getJson("/segments", segmentsReportSchema),
    segment: (id) => getJson(segmentPath(id), segmentDetailSchema),
    recallStats: () => getJson("/recall/stats", recallStatsSchema),
    recall: (query, k = 10, filters = {}) =>
      getJson(
        `/recall/search?${new URLSearchParams({ q: query, k: String(k), ...filters })}`,
        recallReportSchema,
      ),
    notes: () => getJson("/notes", notesViewSchema),
    doctor: (fix) =>
      fix
        ? postJson("/doctor/fix", {}, doctorReportSchema)
        : getJson("/doctor", doctorReportSchema),
    workingMemory: () =>
      getJson("/memory/working", workingMemorySchema).catch((error: unknown) => {
        if (isKernError(error) && error.code === "KERN_NOT_FOUND") return null;
        throw error;
      }),
    regenerateNotesSummary: () => postJson("/notes/summary", {}, notesViewSchema),
    pairingList: () => getJson("/pairing", pairingListSchema),
    pairingApprove: (code) => postJson("/pairing/approve", { code }, pairedUserSchema),
    pairingRevoke: (channel, user) =>
      postJson("/pairing/revoke", { channel, user }, pairedUserSchema),
    pairingRole: (channel, user, role) =>
      postJson("/pairing/role", { channel, user, role }, pairedUserSchema),
    loginCode: () => postJson("/login/code", {}, loginCodeReplySchema),
    ...workMethods(requester),
    events: (signal, eventsOptions) =>
      streamEvents({ baseUrl, token: options.token, fetch: fetchImpl, signal, ...eventsOptions }),
  };
}

async function* streamEvents(options: {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  signal: AbortSignal;
  onOpen?: () => void;
}): AsyncGenerator<StreamEvent> {
  const { baseUrl, signal } = options;
  let response: Response;
  try {
    response = await options.fetch(`${baseUrl}/events`, {
      headers: { authorization: `Bearer ${options.token}`, accept: "text/event-stream" },
      signal,
    });
  } catch (error) {
    if (signal.aborted) return;
    throw notRunningError(baseUrl, error);
  }
  if (!response.ok) {
    const bodyText = await response.text().catch(() => "");
    throw httpErrorToDaemonError({ status: response.status, bodyText, what: "GET /events" });
  }
  if (!response.body) return;
  options.onOpen?.();
  yield* readEventStream(response.body, signal);
}
