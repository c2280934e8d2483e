// Calls parked until the operator's yes (SPEC §16). `park` records the call and returns at once
// (the turn goes on: the tool's result says it waits); `decide` records who decided and, for a
// yes, runs the call with the turn's recorded scope and context; the decision (its result, the
// refusal, or the timeout) comes back as a turn of kind `approval` replying where the asking turn
// did. Every step is written to `.kern/approvals.json` before it acts, so a crash neither loses a
// parked call nor runs one twice: a call whose run a crash cut short is reported, never re-run.
import {
  type ApprovalView,
  type Clock,
  createShortId,
  describeError,
  type Envelope,
  isoNow,
  KernError,
  type Origin,
  type RuntimeEvent,
  type ToolCall,
} from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { ToolScope, TurnInfo } from "../tools/tool.js";
import { ApprovalBook, type ApprovalRecord, toApprovalView } from "./approval-book.js";
import { decisionText } from "./approval-texts.js";

/** An approved call to run: its tool (by name, in the recorded scope) in the recorded turn. */
export interface ApprovedCall {
  call: ToolCall;
  scope: ToolScope;
  turn: TurnInfo;
}

export interface ApprovalsOptions {
  /** `.kern/approvals.json`; null keeps them in memory (tests, throwaway daemons). */
  file: string | null;
  clock: Clock;
  /** The agent's IANA time zone: the times in a decision's text. */
  timezone: string;
  logger: Logger;
  /** How long a call waits (config `approvalTimeout`). */
  timeoutMs: number;
  emit(event: RuntimeEvent): void;
  /** Runs an approved call; its output as the model will read it. */
  runCall(request: ApprovedCall): Promise<{ output: string; isError: boolean }>;
  /** Queues the turn that tells the model the decision; throws when the queue refuses it. */
  report(request: { envelope: Omit<Envelope, "ts">; origin: Origin }): void;
}

export interface ParkRequest {
  call: ToolCall;
  scope: ToolScope;
  turn: TurnInfo;
  reason: string;
  askedBy: Origin;
}

export class Approvals {
  private readonly book: ApprovalBook;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private started = false;

  constructor(private readonly options: ApprovalsOptions) {
    this.book = new ApprovalBook(options.file);
  }

  /** Pending first (oldest first), then the decided ones kept, newest last. */
  list(): ApprovalView[] {
    const all = this.book.all().map(toApprovalView);
    return [
      ...all.filter((a) => a.state === "pending"),
      ...all.filter((a) => a.state !== "pending"),
    ];
  }

  pendingCount(): number {
    return this.book.all().filter((record) => record.state === "pending").length;
  }

  /** Records a call that waits; returns its view (the caller tells the model it waits). */
  park(request: ParkRequest): ApprovalView {
    const now = this.options.clock.now();
    const record: ApprovalRecord = {
      id: createShortId("a"),
      tool: request.call.function.name,
      arguments: request.call.function.arguments,
      reason: request.reason,
      askedBy: request.askedBy,
      turnId: request.turn.id,
      turnKind: request.turn.kind,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.options.timeoutMs).toISOString(),
      state: "pending",
      decidedBy: null,
      decidedAt: null,
      callId: request.call.id,
      scope: request.scope,
      envelope: storedEnvelope(request.turn.envelope),
      depth: request.turn.depth,
      reported: false,
    };
    this.book.put(record);
    this.options.logger.info(
      { approval: record.id, tool: record.tool, reason: record.reason },
      "approval requested",
    );
    this.options.emit({ type: "approval-request", approval: toApprovalView(record) });
    if (this.started) this.arm(record);
    return toApprovalView(record);
  }

  /**
   * Decides a pending call: `by` names who ("operator telegram:42"). Throws KERN_APPROVAL_UNKNOWN
   * or KERN_APPROVAL_DECIDED. A yes runs the call before this resolves; its outcome is reported.
   */
  async decide(id: string, decision: { approve: boolean; by: string }): Promise<ApprovalView> {
    const record = this.book.get(id.trim().toLowerCase());
    if (!record)
      throw new KernError(
        "KERN_APPROVAL_UNKNOWN",
        `no call waits under ${id}; see 'kern approvals'`,
      );
    if (record.state !== "pending")
      throw new KernError("KERN_APPROVAL_DECIDED", `${record.id} is ${record.state} already`);
    return this.settle(record, decision.approve ? "approved" : "denied", decision.by);
  }

  /** Arms the timeouts and finishes what a stop or crash left: runs cut short, reports unsent. */
  start(): void {
    this.started = true;
    for (const record of this.book.all()) {
      if (record.state === "pending") this.arm(record);
      else if (record.run?.state === "running") this.interrupted(record);
      else if (!record.reported) this.sendReport(record);
    }
  }

  stop(): void {
    this.started = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private arm(record: ApprovalRecord): void {
    const wait = Math.max(0, Date.parse(record.expiresAt) - this.options.clock.now());
    // setTimeout holds at most ~24.8 days; a longer approvalTimeout is re-armed when it fires.
    const timer = setTimeout(() => this.expire(record.id), Math.min(wait, 2 ** 31 - 1));
    timer.unref();
    this.timers.set(record.id, timer);
  }

  private expire(id: string): void {
    this.timers.delete(id);
    const record = this.book.get(id);
    if (record?.state !== "pending") return;
    if (Date.parse(record.expiresAt) > this.options.clock.now()) {
      this.arm(record);
      return;
    }
    this.settle(record, "expired", "the approval timeout").catch((error: unknown) =>
      this.options.logger.error({ approval: id, error: describeError(error) }, "expiry failed"),
    );
  }

  private async settle(
    record: ApprovalRecord,
    state: "approved" | "denied" | "expired",
    by: string,
  ): Promise<ApprovalView> {
    clearTimeout(this.timers.get(record.id));
    this.timers.delete(record.id);
    const decided: ApprovalRecord = {
      ...record,
      state,
      decidedBy: by,
      decidedAt: isoNow(this.options.clock),
      ...(state === "approved" ? { run: { state: "running" as const } } : {}),
    };
    this.book.put(decided);
    this.options.logger.info(
      { approval: record.id, tool: record.tool, state, by },
      "approval decided",
    );
    this.options.emit({ type: "approval-end", approval: toApprovalView(decided) });
    const ran = state === "approved" ? await this.run(decided) : decided;
    this.sendReport(ran);
    return toApprovalView(ran);
  }

  private async run(record: ApprovalRecord): Promise<ApprovalRecord> {
    const result = await this.options
      .runCall({
        call: {
          id: record.callId,
          type: "function",
          function: { name: record.tool, arguments: record.arguments },
        },
        scope: record.scope,
        turn: {
          id: record.turnId,
          kind: record.turnKind,
          envelope: record.envelope,
          depth: record.depth,
        },
      })
      .catch((error: unknown) => ({ output: `error: ${describeError(error)}`, isError: true }));
    const done: ApprovalRecord = { ...record, run: { state: "done", ...result } };
    this.book.put(done);
    return done;
  }

  private interrupted(record: ApprovalRecord): void {
    const output = "the daemon stopped while the call ran; it may have acted in part";
    const done: ApprovalRecord = { ...record, run: { state: "done", output, isError: true } };
    this.book.put(done);
    this.sendReport(done);
  }

  private sendReport(record: ApprovalRecord): void {
    try {
      this.options.report({
        envelope: {
          interface: "approval",
          name: record.id,
          text: decisionText(record, this.options.timezone),
          ...replyOf(record.envelope),
        },
        origin: record.askedBy,
      });
      this.book.put({ ...record, reported: true });
    } catch (error) {
      // The queue refused (full or stopping): the record stays unreported; the next start sends it.
      this.options.logger.warn(
        { approval: record.id, error: describeError(error) },
        "could not queue an approval's outcome",
      );
    }
  }
}

/** The asking turn's reply route: its own, or back to the channel and chat it came from. */
function replyOf(envelope: ApprovalRecord["envelope"]): Pick<Envelope, "replyTo"> {
  if (envelope.replyTo) return { replyTo: envelope.replyTo };
  return {
    replyTo: {
      channel: envelope.interface,
      ...(envelope.channel ? { chat: envelope.channel } : {}),
      ...(envelope.user ? { user: envelope.user } : {}),
    },
  };
}

/** What of the asking turn's envelope a record keeps: who, where, where the reply goes. */
function storedEnvelope(envelope: Envelope): ApprovalRecord["envelope"] {
  return {
    text: "",
    interface: envelope.interface,
    ts: envelope.ts,
    ...(envelope.channel ? { channel: envelope.channel } : {}),
    ...(envelope.user ? { user: envelope.user } : {}),
    ...(envelope.name ? { name: envelope.name } : {}),
    ...(envelope.role ? { role: envelope.role } : {}),
    ...(envelope.replyTo ? { replyTo: envelope.replyTo } : {}),
  };
}
