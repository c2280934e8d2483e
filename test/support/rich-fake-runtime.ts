// A RuntimeApi fake with real-looking memory (rich-fake-data.ts) and turns that stream like a
// model's: turn-start, a tool call and its result, text deltas over time, turn-end. Chat commands
// answer with command-result. For web tests and screenshots; FakeRuntime stays the minimal one.
import type {
  AgentStatus,
  ApprovalView,
  ContextReport,
  Envelope,
  HistoryPage,
  NotesView,
  RecallReport,
  RecallStats,
  RuntimeEvent,
  SegmentDetail,
  SegmentRow,
  SegmentsReport,
  SessionMessage,
  SessionsView,
} from "../../src/kernel/index.js";
import { createId, DaemonError } from "../../src/kernel/index.js";
import type { WorkingMemoryView } from "../../src/memory/index.js";
import type { InboundEnvelope, PairingApi, RuntimeApi } from "../../src/runtime/runtime-api.js";
import { FakeRuntime } from "../fakes/fake-runtime.js";
import { type FakeWorkView, fakeApprovals, fakeWorkRegistries } from "../fakes/fake-work.js";
import {
  ACTIVE_SESSION,
  buildContextReport,
  buildNotes,
  buildSegmentRows,
  buildSessions,
  buildWorkingMemory,
  MESSAGE_COUNT,
  messageAt,
  segmentDetailOf,
  timestampOf,
} from "./rich-fake-data.js";

export type RichReplyScript = (envelope: Envelope) => string;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function defaultReply(envelope: Envelope): string {
  return [
    "You wrote:",
    "",
    `> ${envelope.text}`,
    "",
    "I checked **memory** and the `notes/` folder:",
    "",
    "- the Lisbon flat is booked for *May 14-18*",
    "- backups run nightly at `02:00`",
    "",
    "```sh",
    "restic snapshots --latest 1",
    "```",
  ].join("\n");
}

export class RichFakeRuntime implements RuntimeApi {
  readonly envelopes: Envelope[] = [];
  readonly cancelled: string[] = [];
  /** The options of every context() call, oldest first. */
  readonly contextRequests: Array<{ maxContextTokens?: number }> = [];
  /** The filters of every recall search, in order ({} without filters). */
  readonly recallFilters: Array<Record<string, string>> = [];
  /** Delay between streamed events; small so tests stay fast, non-zero so streaming shows. */
  stepMs = 15;
  private readonly listeners = new Set<(event: RuntimeEvent) => void>();
  private readonly extra: SessionMessage[] = [];
  private readonly rows: SegmentRow[] = buildSegmentRows();
  private readonly replies: RichReplyScript[] = [];
  private readonly pending = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  /** What `GET /memory/working` answers; null gives its 404 (before the first update). */
  workingMemoryView: WorkingMemoryView | null = buildWorkingMemory();
  private notesView: NotesView = buildNotes("2026-03-27T22:00:00.000Z");
  private readonly pairingFake = new FakeRuntime();
  readonly pairing: PairingApi = this.pairingFake.pairing;

  reply(script: string | RichReplyScript): void {
    this.replies.push(typeof script === "string" ? () => script : script);
  }

  emit(event: RuntimeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: RuntimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  submit(inbound: InboundEnvelope): { turnId: string } {
    const envelope: Envelope = { ...inbound, ts: inbound.ts ?? new Date().toISOString() };
    const turnId = createId("turn");
    this.envelopes.push(envelope);
    this.pending.add(turnId);
    const script = this.replies.shift() ?? defaultReply;
    this.queue = this.queue.then(() => this.runTurn(turnId, envelope, script));
    return { turnId };
  }

  cancel(turnId: string): boolean {
    this.cancelled.push(turnId);
    return this.pending.has(turnId);
  }

  private append(message: Omit<SessionMessage, "seq">): void {
    this.extra.push({ ...message, seq: MESSAGE_COUNT + this.extra.length });
  }

  private async runTurn(turnId: string, envelope: Envelope, script: RichReplyScript) {
    this.emit({ type: "turn-start", turnId, envelope });
    this.append({
      ts: envelope.ts,
      role: "user",
      content: envelope.text,
      meta: { interface: envelope.interface },
    });
    if (envelope.text.startsWith("/")) {
      const command = envelope.text.split(/\s/)[0] ?? envelope.text;
      const text = `**${command}**: agent fake, model fake-model, ${MESSAGE_COUNT} messages`;
      this.emit({ type: "command-result", turnId, command, text });
      this.emit({ type: "turn-end", turnId, text, stopReason: "command" });
      this.pending.delete(turnId);
      return;
    }
    const text = script(envelope);
    const args = JSON.stringify({ query: envelope.text.slice(0, 40) });
    this.emit({
      type: "tool-call",
      turnId,
      callId: `${turnId}_c1`,
      name: "recall",
      arguments: args,
    });
    await wait(this.stepMs);
    const output = "2 results: messages 812-815, 1204-1207";
    this.emit({
      type: "tool-result",
      turnId,
      callId: `${turnId}_c1`,
      name: "recall",
      output,
      isError: false,
    });
    let sent = "";
    for (const word of text.match(/\S+\s*/g) ?? []) {
      if (this.cancelled.includes(turnId)) break;
      await wait(this.stepMs);
      sent += word;
      this.emit({ type: "text-delta", turnId, text: word });
    }
    const stopReason = this.cancelled.includes(turnId) ? "cancelled" : "end";
    this.append({ ts: new Date().toISOString(), role: "assistant", content: sent });
    this.emit({ type: "turn-end", turnId, text: sent, stopReason });
    this.pending.delete(turnId);
  }

  private messageCount(): number {
    return MESSAGE_COUNT + this.extra.length;
  }

  private messageOf(seq: number): SessionMessage {
    return seq < MESSAGE_COUNT
      ? messageAt(seq)
      : (this.extra[seq - MESSAGE_COUNT] as SessionMessage);
  }

  async status(): Promise<AgentStatus> {
    const base = await this.pairingFake.status();
    const segments = { L0: 107, L1: 10, L2: 1 };
    return {
      ...base,
      agent: "ada",
      session: { id: ACTIVE_SESSION, messages: this.messageCount(), tokens: 612_000 },
      memory: {
        ...base.memory,
        segments,
        staleSegments: 12,
        lastRunAt: timestampOf(MESSAGE_COUNT - 1),
      },
    };
  }

  async history(options: { before?: number; limit: number }): Promise<HistoryPage> {
    const end = Math.min(options.before ?? this.messageCount(), this.messageCount());
    const start = Math.max(0, end - options.limit);
    const messages = Array.from({ length: end - start }, (_, index) =>
      this.messageOf(start + index),
    );
    return { session: ACTIVE_SESSION, messages, hasMore: start > 0 };
  }

  async sessions(): Promise<SessionsView> {
    return { currentSessionId: ACTIVE_SESSION, sessions: buildSessions() };
  }

  async context(options?: { maxContextTokens?: number }): Promise<ContextReport> {
    this.contextRequests.push(options ?? {});
    return buildContextReport(this.rows);
  }

  async segments(): Promise<SegmentsReport> {
    return { session: ACTIVE_SESSION, segments: this.rows.map((row) => ({ ...row })) };
  }

  async segment(id: string): Promise<SegmentDetail | null> {
    const row = this.rows.find((candidate) => candidate.id === id);
    return row ? segmentDetailOf(row, this.rows) : null;
  }

  async recallStats(): Promise<RecallStats> {
    return {
      messages: this.messageCount(),
      sessions: 2,
      vectors: this.messageCount(),
      firstTs: "2026-03-02T09:12:00.000Z",
      lastTs: timestampOf(MESSAGE_COUNT - 1),
    };
  }

  async recall(options: {
    query: string;
    k: number;
    filters?: Record<string, string>;
  }): Promise<RecallReport> {
    this.recallFilters.push(options.filters ?? {});
    const words = options.query.toLowerCase().split(/\s+/).filter(Boolean);
    const results: RecallReport["results"] = [];
    for (let seq = 0; seq < MESSAGE_COUNT && results.length < options.k; seq += 1) {
      const content = this.messageOf(seq).content ?? "";
      if (!words.some((word) => content.toLowerCase().includes(word))) continue;
      const score = 0.05 / (1 + results.length);
      results.push({
        session: ACTIVE_SESSION,
        seqStart: seq,
        seqEnd: seq + 4,
        score,
        snippet: content.slice(0, 160),
        ts: timestampOf(seq),
      });
      seq += 40; // one hit per topic stretch, like a real ranked list
    }
    return { query: options.query, results };
  }

  async workingMemory(): Promise<WorkingMemoryView | null> {
    return this.workingMemoryView ? structuredClone(this.workingMemoryView) : null;
  }

  async notes(): Promise<NotesView> {
    return this.notesView;
  }

  async importConversation(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake runtime cannot import");
  }

  async doctor(): Promise<never> {
    throw new DaemonError("KERN_UNAVAILABLE", "this fake runtime has no doctor");
  }

  async regenerateNotesSummary(): Promise<NotesView> {
    await wait(this.stepMs);
    this.notesView = {
      ...this.notesView,
      summary: `${this.notesView.summary ?? ""}\n- Regenerated just now.`,
      summaryUpdatedAt: new Date().toISOString(),
    };
    return this.notesView;
  }
  /** What the work routes answer: sub-agents and background commands. */
  workView: FakeWorkView = { subagents: [], processes: [] };

  readonly registries = fakeWorkRegistries(() => this.workView);
  readonly intake = null;
  /** The calls waiting for approval that `GET /approvals` lists. */
  readonly approvalViews: ApprovalView[] = [];
  readonly approvals = fakeApprovals(this.approvalViews);
}
