// Sub-agents (SPEC §13): `spawn` starts one here. Each runs its own turn loop (the injected
// `loop`, the runtime's step loop over its own transcript) beside the main queue, at most
// `maxSubagents` at once, with a time limit; its transcript is a session file of its own under
// .kern/subagents/. Its end (done, failed, timed out, cancelled) goes to `onEnd`.
import { join } from "node:path";
import {
  type Clock,
  createShortId,
  describeError,
  isoNow,
  KernError,
  type Origin,
  type TurnKind,
  type TurnStopReason,
} from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { SubagentRow } from "../../protocol/index.js";
import { HourlyLimit, runsUnattended, type ToolScope } from "../../runtime/index.js";
import { SessionLog } from "../../store/index.js";
import { type SubagentRecord, SubagentRecordFile } from "./subagent-records.js";

export type SubagentState = SubagentRow["state"];
export type ReplyRoute = NonNullable<SubagentRecord["replyTo"]>;
export type SubagentView = SubagentRow;

/** What the loop gets for one sub-agent run. */
export interface SubagentRun {
  id: string;
  task: string;
  log: SessionLog;
  signal: AbortSignal;
  maxSteps: number;
  toolScope: ToolScope;
  /** Its turns' depth: 1 for a sub-agent of a main turn. */
  depth: number;
  replyTo?: ReplyRoute;
  /** Who started the work that spawned it (SPEC §16): its calls keep that person's rights. */
  origin?: Origin;
  /** Called once per model step with its tokens. */
  onUsage(usage: { inputTokens: number; outputTokens: number }): void;
}

export interface SubagentOutcome {
  text: string;
  stopReason: TurnStopReason;
  error?: { code: string; message: string };
}

export interface SubagentEnd {
  view: SubagentView;
  text: string;
  replyTo?: ReplyRoute;
  origin?: Origin;
  /** The sub-agent's depth: the turn that brings its result back runs at it (issue 49 item 5). */
  depth: number;
}

export interface SubagentManagerOptions {
  dir: string;
  recordFile: string;
  clock: Clock;
  logger: Logger;
  maxSubagents: number;
  loop: (run: SubagentRun) => Promise<SubagentOutcome>;
  onEnd: (end: SubagentEnd) => void;
}

/**
 * The unattended budget's say on a sub-agent (runtime/jobs: `unattendedTokensPerDay`): false at
 * the day's cap, when the operator has been told once already.
 */
export interface SpawnBudget {
  allows(what: string): boolean;
}

interface Entry {
  view: SubagentView;
  controller: AbortController;
  ending: SubagentState | null;
  done: Promise<void>;
}

const KEEP_ENDED = 20;
/**
 * Sub-agents an unattended turn (a job, the heartbeat, a result turn, a command's end) may start
 * per hour (HourlyLimit; issue 49 item 5). A person's own turns are not counted.
 */
export const UNATTENDED_SPAWNS_PER_HOUR = 30;

export class SubagentManager {
  private readonly entries = new Map<string, Entry>();
  private readonly records: SubagentRecordFile;
  private stopping = false;
  private budget: SpawnBudget | null = null;
  private readonly unattendedSpawns: HourlyLimit;

  constructor(private readonly options: SubagentManagerOptions) {
    this.records = new SubagentRecordFile(options.recordFile);
    this.unattendedSpawns = new HourlyLimit({
      what: "sub-agents",
      perHour: UNATTENDED_SPAWNS_PER_HOUR,
      clock: options.clock,
      logger: options.logger,
      instead: "do the task yourself or leave it for the user",
    });
  }

  /** The sub-agents the last run left running (cut short by a stop or crash), once. */
  takeLeftovers(): SubagentRecord[] {
    return this.records.takeLeftovers();
  }

  /**
   * Sub-agents run without a user: their tokens count as unattended, and at the day's cap one that
   * an unattended turn (a job, the heartbeat, another sub-agent, a background command's end) asks
   * for is refused. A person's own turn may still start one.
   */
  setBudget(budget: SpawnBudget): void {
    this.budget = budget;
  }

  list(): SubagentView[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.view }));
  }

  running(): SubagentView[] {
    return this.list().filter((view) => view.state === "running");
  }

  spawn(request: {
    task: string;
    toolScope: ToolScope;
    maxSteps: number;
    timeoutMs: number;
    depth: number;
    replyTo?: ReplyRoute;
    origin?: Origin;
    /** The kind of the turn that asks: anything but "message" runs unattended. */
    parentKind?: TurnKind;
  }): SubagentView {
    this.checkCanSpawn(request.parentKind);
    const id = createShortId("s");
    const log = SessionLog.create({ dir: this.options.dir, clock: this.options.clock, id });
    const view: SubagentView = {
      id,
      task: request.task,
      state: "running",
      toolScope: request.toolScope,
      startedAt: isoNow(this.options.clock),
      endedAt: null,
      transcript: join(this.options.dir, `${id}.jsonl`),
      inputTokens: 0,
      outputTokens: 0,
      error: null,
    };
    const entry: Entry = {
      view,
      controller: new AbortController(),
      ending: null,
      done: Promise.resolve(),
    };
    this.entries.set(id, entry);
    this.records.add({
      id,
      task: request.task,
      startedAt: view.startedAt,
      transcript: view.transcript,
      ...(request.replyTo ? { replyTo: request.replyTo } : {}),
    });
    entry.done = this.run(entry, log, request);
    this.forgetOldEnded();
    return { ...view };
  }

  /** Throws KERN_UNAVAILABLE / KERN_TOOL_FAILED when no sub-agent may start now, saying why. */
  private checkCanSpawn(parentKind: TurnKind | undefined): void {
    if (this.stopping) throw new KernError("KERN_UNAVAILABLE", "the daemon is stopping");
    const unattended = runsUnattended(parentKind);
    if (unattended && this.budget && !this.budget.allows(`sub-agent for a ${parentKind} turn`))
      throw new KernError(
        "KERN_TOOL_FAILED",
        "the unattended budget for today is spent (unattendedTokensPerDay): no sub-agent starts for a job, heartbeat or sub-agent until midnight; do the task yourself or leave it for the user",
      );
    const running = this.running().length;
    if (running >= this.options.maxSubagents)
      throw new KernError(
        "KERN_TOOL_FAILED",
        `${running} sub-agents run already (maxSubagents ${this.options.maxSubagents}); wait for one to end, or cancel one with /subagents cancel ID`,
      );
    this.unattendedSpawns.take(parentKind); // last: only a spawn that starts is counted
  }

  /** Resolves with the view once the sub-agent ended; null for an unknown id. */
  async whenEnded(id: string): Promise<SubagentView | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    await entry.done;
    return { ...entry.view };
  }

  /** Cancels a running sub-agent and waits for its end; null for an unknown id. */
  async cancel(id: string): Promise<SubagentView | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.view.state === "running") {
      entry.ending ??= "cancelled";
      entry.controller.abort();
      await entry.done;
    }
    return { ...entry.view };
  }

  /** Daemon stop: aborts every sub-agent without announcing; the next start reports them. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const running = [...this.entries.values()].filter((entry) => entry.view.state === "running");
    for (const entry of running) entry.controller.abort();
    await Promise.all(running.map((entry) => entry.done));
  }

  private async run(
    entry: Entry,
    log: SessionLog,
    request: Parameters<SubagentManager["spawn"]>[0],
  ): Promise<void> {
    const { view, controller } = entry;
    const timer = setTimeout(() => {
      entry.ending ??= "timed-out";
      controller.abort();
    }, request.timeoutMs);
    let outcome: SubagentOutcome;
    try {
      outcome = await this.options.loop({
        id: view.id,
        task: request.task,
        log,
        signal: controller.signal,
        maxSteps: request.maxSteps,
        toolScope: request.toolScope,
        depth: request.depth,
        ...(request.replyTo ? { replyTo: request.replyTo } : {}),
        ...(request.origin ? { origin: request.origin } : {}),
        onUsage: (usage) => {
          view.inputTokens += usage.inputTokens;
          view.outputTokens += usage.outputTokens;
        },
      });
    } catch (error) {
      outcome = {
        text: "",
        stopReason: "error",
        error: { code: "KERN_INTERNAL", message: describeError(error) },
      };
    } finally {
      clearTimeout(timer);
      log.close();
    }
    this.finish(entry, outcome, request);
  }

  private finish(
    entry: Entry,
    outcome: SubagentOutcome,
    { replyTo, origin, depth }: { replyTo?: ReplyRoute; origin?: Origin; depth: number },
  ): void {
    const state: SubagentState =
      entry.ending ??
      (outcome.stopReason === "error"
        ? "failed"
        : outcome.stopReason === "cancelled"
          ? "cancelled"
          : "done");
    entry.view = {
      ...entry.view,
      state,
      endedAt: isoNow(this.options.clock),
      error: outcome.error?.message ?? null,
    };
    this.options.logger.info(
      {
        subagent: entry.view.id,
        state,
        inputTokens: entry.view.inputTokens,
        outputTokens: entry.view.outputTokens,
      },
      "sub-agent ended",
    );
    if (this.stopping) return; // its record stays: the next start says it was interrupted
    this.records.remove(entry.view.id);
    try {
      this.options.onEnd({
        view: { ...entry.view },
        text: outcome.text,
        ...(replyTo ? { replyTo } : {}),
        ...(origin ? { origin } : {}),
        depth,
      });
    } catch (error) {
      this.options.logger.error(
        { subagent: entry.view.id, error: describeError(error) },
        "onEnd failed",
      );
    }
  }

  private forgetOldEnded(): void {
    const ended = [...this.entries.values()].filter((entry) => entry.view.state !== "running");
    for (const entry of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED)))
      this.entries.delete(entry.view.id);
  }
}
