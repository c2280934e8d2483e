// A typed in-process fake of DaemonClient (SG-28, level 2) for TUI and CLI tests: records every
// call, answers with settable views, and lets the test push stream events, stop the "daemon"
// (calls fail with KERN_DAEMON_NOT_RUNNING, open streams end) and start it again.
import type {
  ContextSegmentsView,
  DaemonClient,
  EventsOptions,
  PairedUserView,
  PairingListView,
  WorkingMemoryResponse,
} from "../../src/client/index.js";
import type {
  ActorRole,
  AgentStatus,
  ApprovalView,
  HistoryPage,
  NotesView,
  SegmentDetail,
  SegmentsReport,
  SessionMessage,
} from "../../src/kernel/index.js";
import { DaemonError } from "../../src/kernel/index.js";
import type {
  CommandListView,
  LoginCodeReply,
  McpListView,
  PostMessageBody,
  ProcessRow,
  SkillsListView,
  StreamEvent,
  SubagentRow,
} from "../../src/protocol/index.js";
import type { FakeWorkView } from "./fake-work.js";

export interface RecordedCall {
  method: Exclude<keyof DaemonClient, "baseUrl">;
  args: unknown[];
}

/** One open events() stream: a queue of pushed events and the reader waiting on it. */
class OpenStream {
  private readonly queue: StreamEvent[] = [];
  private wake: (() => void) | null = null;
  private ended = false;

  push(event: StreamEvent): void {
    this.queue.push(event);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async next(signal: AbortSignal): Promise<StreamEvent | null> {
    while (this.queue.length === 0) {
      if (this.ended || signal.aborted) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        signal.addEventListener("abort", () => resolve(), { once: true });
      });
      this.wake = null;
    }
    return this.queue.shift() ?? null;
  }
}

function aFakeStatus(overrides: Partial<AgentStatus> = {}): AgentStatus {
  return {
    agent: "fake-agent",
    agentDir: "/tmp/fake-agent",
    model: "fake-model",
    provider: "openai-compatible",
    pid: 4242,
    uptimeMs: 1000,
    port: 4100,
    url: "http://127.0.0.1:4100/",
    session: { id: "session-fake", messages: 0, tokens: 0 },
    queue: { running: null, waiting: 0 },
    memory: {
      status: "idle",
      pendingJobs: 0,
      segments: {},
      staleSegments: 0,
      unsegmentedMessages: 0,
      lastRunAt: null,
      lastError: null,
    },
    channels: [{ id: "telegram", enabled: false, pairedUsers: 0, pendingCodes: 0, detail: null }],
    toolSources: [],
    ...overrides,
  };
}

export class FakeDaemonClient implements DaemonClient {
  workingMemoryValue: WorkingMemoryResponse | null = null;
  readonly baseUrl = "http://127.0.0.1:4100";
  readonly calls: RecordedCall[] = [];
  readonly sentMessages: PostMessageBody[] = [];
  readonly cancelledTurns: string[] = [];
  statusValue: AgentStatus = aFakeStatus();
  historyMessages: SessionMessage[] = [];
  systemPrompt = "";
  segmentsValue: SegmentsReport = { session: "session-fake", segments: [] };
  notesValue: NotesView = { latest: null, previous: [], summary: null, summaryUpdatedAt: null };
  pairingValue: PairingListView = { paired: [], pending: [] };
  private readonly streams = new Set<OpenStream>();
  private readonly streamWaiters: Array<() => void> = [];
  private running = true;
  private turnCount = 0;

  /** Sends an event to every open stream. */
  push(...events: StreamEvent[]): void {
    for (const event of events) for (const stream of this.streams) stream.push(event);
  }

  /** The daemon goes away: open streams end, every call fails with KERN_DAEMON_NOT_RUNNING. */
  stop(): void {
    this.running = false;
    for (const stream of this.streams) stream.end();
  }

  /** The daemon is back. */
  start(): void {
    this.running = true;
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** Resolves once an events() stream is open (immediately if one is). */
  waitForStream(): Promise<void> {
    if (this.streams.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.streamWaiters.push(resolve));
  }

  callsTo(method: RecordedCall["method"]): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  async *events(signal: AbortSignal, options?: EventsOptions): AsyncGenerator<StreamEvent> {
    this.check("events", [signal, options]);
    const stream = new OpenStream();
    this.streams.add(stream);
    options?.onOpen?.();
    for (const resolve of this.streamWaiters.splice(0)) resolve();
    try {
      for (;;) {
        const event = await stream.next(signal);
        if (event === null) return;
        yield event;
      }
    } finally {
      this.streams.delete(stream);
    }
  }

  async status(): Promise<AgentStatus> {
    this.check("status", []);
    return this.statusValue;
  }

  async sendMessage(body: PostMessageBody): Promise<{ turnId: string }> {
    this.check("sendMessage", [body]);
    this.sentMessages.push(body);
    this.turnCount += 1;
    return { turnId: `turn-${this.turnCount}` };
  }

  async cancelTurn(turnId: string): Promise<{ cancelled: boolean }> {
    this.check("cancelTurn", [turnId]);
    this.cancelledTurns.push(turnId);
    return { cancelled: true };
  }

  /** What `subagents()` and `processes()` answer. */
  workView: FakeWorkView = { subagents: [], processes: [] };

  async subagents(): Promise<SubagentRow[]> {
    this.check("subagents", []);
    return this.workView.subagents;
  }

  async processes(): Promise<ProcessRow[]> {
    this.check("processes", []);
    return this.workView.processes;
  }

  /** What `commands()` answers: the daemon's chat commands. */
  commandList: CommandListView["commands"] = [];

  async commands(): Promise<CommandListView["commands"]> {
    this.check("commands", []);
    return this.commandList;
  }

  /** What `approvals()` answers. */
  approvalViews: ApprovalView[] = [];

  async approvals(): Promise<ApprovalView[]> {
    this.check("approvals", []);
    return this.approvalViews;
  }

  async decideApproval(id: string, approve: boolean): Promise<ApprovalView> {
    this.check("decideApproval", [id, approve]);
    const view = this.approvalViews.find((candidate) => candidate.id === id);
    if (!view) throw new DaemonError("KERN_APPROVAL_UNKNOWN", `no approval ${id}`);
    view.state = approve ? "approved" : "denied";
    return view;
  }

  async cancelSubagent(id: string): Promise<SubagentRow> {
    this.check("cancelSubagent", [id]);
    const row = this.workView.subagents.find((candidate) => candidate.id === id);
    if (!row) throw new DaemonError("KERN_NOT_FOUND", `no sub-agent ${id}`);
    return { ...row, state: "cancelled" };
  }

  async stopProcess(id: string): Promise<ProcessRow> {
    this.check("stopProcess", [id]);
    const row = this.workView.processes.find((candidate) => candidate.id === id);
    if (!row) throw new DaemonError("KERN_NOT_FOUND", `no background command ${id}`);
    return { ...row, state: "stopped" };
  }

  async history(options: { before?: number; limit: number }): Promise<HistoryPage> {
    this.check("history", [options]);
    const messages = this.historyMessages
      .filter((message) => options.before === undefined || message.seq < options.before)
      .slice(-options.limit);
    const first = messages[0];
    return { session: "session-fake", messages, hasMore: first !== undefined && first.seq > 0 };
  }

  async sessions() {
    this.check("sessions", []);
    return { currentSessionId: "session-fake", sessions: [] };
  }

  async contextSystem(): Promise<string> {
    this.check("contextSystem", []);
    return this.systemPrompt;
  }

  async contextStats() {
    this.check("contextStats", []);
    return {
      maxContextTokens: 100_000,
      summaryBudget: 0.75,
      tokens: { system: 0, summary: 0, messages: 0, total: 0 },
      recallRoom: 0,
      trimmedCount: 0,
      window: { seqStart: 0, seqEnd: 0 },
      segmentIds: [],
      sections: [],
    };
  }

  async contextSegments(): Promise<ContextSegmentsView> {
    this.check("contextSegments", []);
    return { session: this.segmentsValue.session, segmentIds: [], segments: [] };
  }

  async segments(): Promise<SegmentsReport> {
    this.check("segments", []);
    return this.segmentsValue;
  }

  async segment(id: string): Promise<SegmentDetail> {
    this.check("segment", [id]);
    const row = this.segmentsValue.segments.find((segment) => segment.id === id);
    if (!row) throw new DaemonError("KERN_NOT_FOUND", `no segment ${id}`);
    const compression = null;
    return {
      ...row,
      session: this.segmentsValue.session,
      summary: null,
      childIds: [],
      compression,
    };
  }

  async recallStats() {
    this.check("recallStats", []);
    return { messages: 0, sessions: 0, vectors: 0, firstTs: null, lastTs: null };
  }

  async recall(query: string, k = 10) {
    this.check("recall", [query, k]);
    return { query, results: [] };
  }

  async notes(): Promise<NotesView> {
    this.check("notes", []);
    return this.notesValue;
  }

  async workingMemory(): Promise<WorkingMemoryResponse | null> {
    this.check("workingMemory", []);
    return this.workingMemoryValue;
  }

  async doctor(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake client has no doctor");
  }

  async regenerateNotesSummary(): Promise<NotesView> {
    this.check("regenerateNotesSummary", []);
    return this.notesValue;
  }

  async pairingList(): Promise<PairingListView> {
    this.check("pairingList", []);
    return this.pairingValue;
  }

  async pairingApprove(code: string): Promise<PairedUserView> {
    this.check("pairingApprove", [code]);
    const pending = this.pairingValue.pending.find((entry) => entry.code === code);
    if (!pending) throw new DaemonError("KERN_PAIRING_UNKNOWN", `no pending code ${code}`);
    const { code: _code, requestedAt: _requestedAt, ...user } = pending;
    const paired = { ...user, pairedAt: new Date().toISOString(), role: "member" as const };
    this.pairingValue = {
      paired: [...this.pairingValue.paired, paired],
      pending: this.pairingValue.pending.filter((entry) => entry.code !== code),
    };
    return paired;
  }

  async pairingRevoke(channel: string, user: string): Promise<PairedUserView> {
    this.check("pairingRevoke", [channel, user]);
    const found = this.pairingValue.paired.find(
      (entry) => entry.channel === channel && entry.userId === user,
    );
    if (!found) throw new DaemonError("KERN_PAIRING_UNKNOWN", `${channel}:${user} is not paired`);
    this.pairingValue = {
      ...this.pairingValue,
      paired: this.pairingValue.paired.filter((entry) => entry !== found),
    };
    return found;
  }

  async pairingRole(channel: string, user: string, role: ActorRole): Promise<PairedUserView> {
    this.check("pairingRole", [channel, user, role]);
    const found = this.pairingValue.paired.find(
      (entry) => entry.channel === channel && entry.userId === user,
    );
    if (!found) throw new DaemonError("KERN_PAIRING_UNKNOWN", `${channel}:${user} is not paired`);
    found.role = role;
    return found;
  }

  async jobs(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake client has no jobs");
  }

  async jobAdd(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake client has no jobs");
  }

  async jobAction(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake client has no jobs");
  }

  async jobRun(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake client has no jobs");
  }

  async loginCode(): Promise<LoginCodeReply> {
    this.check("loginCode", []);
    return { code: "K7QM-X3TP", expiresAt: new Date(Date.now() + 600_000).toISOString() };
  }

  async mcpList(): Promise<McpListView> {
    this.check("mcpList", []);
    return { running: true, servers: [] };
  }

  async mcpTest(name: string): Promise<never> {
    this.check("mcpTest", [name]);
    throw new DaemonError("KERN_MCP_UNKNOWN_SERVER", `no MCP server "${name}" in this fake`);
  }

  async skillsList(): Promise<SkillsListView> {
    this.check("skillsList", []);
    return { skills: [], problems: [] };
  }

  /** Records the call; throws like a real client when the daemon is stopped. */
  private check(method: RecordedCall["method"], args: unknown[]): void {
    this.calls.push({ method, args });
    if (!this.running) {
      throw new DaemonError(
        "KERN_DAEMON_NOT_RUNNING",
        `the daemon at ${this.baseUrl} is not answering — start it with 'kern start DIR'`,
      );
    }
  }
}
