// A typed in-process fake of RuntimeApi (SG-28, level 2) for interface tests that do not need the
// real runtime: records every envelope, answers with scripted replies as runtime events.
import type {
  AgentStatus,
  ApprovalView,
  Envelope,
  RuntimeEvent,
  SegmentDetail,
} from "../../src/kernel/index.js";
import { createId, DaemonError } from "../../src/kernel/index.js";
import type { WorkingMemoryView } from "../../src/memory/index.js";
import type {
  InboundEnvelope,
  PairedUser,
  PairingApi,
  PendingPairing,
  RuntimeApi,
} from "../../src/runtime/runtime-api.js";
import { type FakeWorkView, fakeApprovals, fakeWorkRegistries } from "./fake-work.js";

type ReplyScript = string | ((envelope: Envelope) => string);

export class FakeRuntime implements RuntimeApi {
  readonly envelopes: Envelope[] = [];
  readonly cancelled: string[] = [];
  private readonly listeners = new Set<(event: RuntimeEvent) => void>();
  private readonly replies: ReplyScript[] = [];
  private readonly pairedUsers: PairedUser[] = [];
  private readonly pendingCodes: PendingPairing[] = [];
  /** Characters per text-delta when streaming a scripted reply. */
  deltaSize = 50;

  /** Queues the reply of the next turn. */
  reply(script: ReplyScript): void {
    this.replies.push(script);
  }

  submit(inbound: InboundEnvelope): { turnId: string } {
    const envelope: Envelope = { ...inbound, ts: inbound.ts ?? new Date().toISOString() };
    const turnId = createId("turn");
    this.envelopes.push(envelope);
    const script = this.replies.shift() ?? ((received: Envelope) => `echo: ${received.text}`);
    const text = typeof script === "string" ? script : script(envelope);
    queueMicrotask(() => {
      this.emit({ type: "turn-start", turnId, envelope });
      for (let index = 0; index < text.length; index += this.deltaSize) {
        this.emit({ type: "text-delta", turnId, text: text.slice(index, index + this.deltaSize) });
      }
      this.emit({ type: "turn-end", turnId, text, stopReason: "end" });
    });
    return { turnId };
  }

  emit(event: RuntimeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  cancel(turnId: string): boolean {
    this.cancelled.push(turnId);
    return false;
  }

  subscribe(listener: (event: RuntimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async status(): Promise<AgentStatus> {
    return {
      agent: "fake",
      agentDir: "/tmp/fake",
      model: "fake-model",
      provider: "openai-compatible",
      pid: process.pid,
      uptimeMs: 1,
      port: null,
      url: null,
      session: { id: "session-fake", messages: this.envelopes.length, tokens: 0 },
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
      channels: [
        {
          id: "telegram",
          enabled: true,
          pairedUsers: this.pairedUsers.length,
          pendingCodes: this.pendingCodes.length,
          detail: null,
        },
      ],
      toolSources: [],
    };
  }

  async history() {
    return { session: "session-fake", messages: [], hasMore: false };
  }

  async sessions() {
    return { currentSessionId: "session-fake", sessions: [] };
  }

  async context() {
    return {
      maxContextTokens: 100_000,
      summaryBudget: 0.75,
      tokens: { system: 0, summary: 0, messages: 0, total: 0 },
      recallRoom: 0,
      trimmedCount: 0,
      window: { seqStart: 0, seqEnd: 0 },
      segmentIds: [],
      sections: [],
      systemPrompt: "",
    };
  }

  async segments() {
    return { session: "session-fake", segments: [] };
  }

  async segment(): Promise<SegmentDetail | null> {
    return null;
  }

  async recallStats() {
    return { messages: 0, sessions: 0, vectors: 0, firstTs: null, lastTs: null };
  }

  async recall(options: { query: string; k: number }) {
    return { query: options.query, results: [] };
  }

  /** What `workingMemory()` answers. */
  workingMemoryView: WorkingMemoryView | null = null;

  async workingMemory() {
    return this.workingMemoryView;
  }

  async notes() {
    return { latest: null, previous: [], summary: null, summaryUpdatedAt: null };
  }

  async importConversation(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake runtime cannot import");
  }

  async doctor(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake runtime has no doctor");
  }

  async regenerateNotesSummary() {
    return this.notes();
  }

  readonly pairing: PairingApi = {
    isPaired: async (channel, userId) =>
      this.pairedUsers.some((user) => user.userId === userId && user.channel === channel),
    roleOf: async (channel, userId) =>
      this.pairedUsers.find((user) => user.userId === userId && user.channel === channel)?.role ??
      null,
    revoke: async (channel, userId) => {
      const index = this.pairedUsers.findIndex(
        (user) => user.userId === userId && user.channel === channel,
      );
      const [user] = this.pairedUsers.splice(index, 1);
      if (index < 0 || !user) throw new Error(`${channel}:${userId} is not paired`);
      return user;
    },
    setRole: async (channel, userId, role) => {
      const user = this.pairedUsers.find(
        (known) => known.userId === userId && known.channel === channel,
      );
      if (!user) throw new Error(`${channel}:${userId} is not paired`);
      user.role = role;
      return user;
    },
    request: async (user) => {
      const existing = this.pendingCodes.find((pending) => pending.userId === user.userId);
      if (existing) return existing;
      const pending: PendingPairing = {
        ...user,
        code: `KERN-${String(this.pendingCodes.length + 2).padStart(4, "A")}`,
        requestedAt: new Date().toISOString(),
      };
      this.pendingCodes.push(pending);
      return pending;
    },
    approve: async (code) => {
      const index = this.pendingCodes.findIndex((pending) => pending.code === code);
      const pending = this.pendingCodes[index];
      if (!pending) throw new Error(`no pending code ${code}`);
      this.pendingCodes.splice(index, 1);
      const user: PairedUser = {
        channel: pending.channel,
        userId: pending.userId,
        chatId: pending.chatId,
        name: pending.name,
        pairedAt: new Date().toISOString(),
        role: "member",
      };
      this.pairedUsers.push(user);
      return user;
    },
    list: async () => ({ paired: [...this.pairedUsers], pending: [...this.pendingCodes] }),
  };
  /** What the work routes answer: sub-agents and background commands. */
  workView: FakeWorkView = { subagents: [], processes: [] };

  readonly registries = fakeWorkRegistries(() => this.workView);
  readonly intake = null;
  /** The calls waiting for approval that `GET /approvals` lists. */
  readonly approvalViews: ApprovalView[] = [];
  readonly approvals = fakeApprovals(this.approvalViews);
}
