// The heartbeat (SPEC §13; docs/jobs.md): every `heartbeatInterval` a `heartbeat` turn on
// HEARTBEAT.md — unless the checklist is empty, it is quiet time, nobody has written for
// `heartbeatIdleStop`, the unattended budget is spent, or the last heartbeat is still running.
// Each of those costs nothing: no turn, no model call. A beat that runs gets a light prompt.
import { existsSync, readFileSync } from "node:fs";
import { type Clock, describeError, isoNow, isQuietTime } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { UnattendedBudget } from "../../runtime/index.js";
import { heartbeatPrompt, isEmptyChecklist } from "./heartbeat-checklist.js";

/**
 * The heartbeat turn's prompt budget (its light prompt, with no autoRecall): the system prompt,
 * working memory and a short summary, and the newest messages. Measured on the bench's 20k
 * history in docs/benchmarks.md ("Heartbeat prompt") against a full prompt.
 */
export const HEARTBEAT_CONTEXT_TOKENS = 8_000;

export type BeatOutcome = "ran" | "empty" | "quiet" | "idle" | "budget" | "busy" | "error";

export interface BeatDecisionInput {
  /** HEARTBEAT.md's text; null when the file is absent. */
  checklist: string | null;
  nowMs: number;
  quietHours: string | null;
  timezone: string;
  /** The newest user message, else the heartbeat's start (ms). */
  lastActivityMs: number;
  /** 0 = never idle. */
  idleStopMs: number;
  /** A heartbeat turn queued earlier has not ended. */
  busy: boolean;
}

/** Why a beat is skipped, or "run". The budget is asked last, only for a beat that would run. Pure. */
function decideBeat(
  input: BeatDecisionInput,
): Exclude<BeatOutcome, "ran" | "budget" | "error"> | "run" {
  if (input.checklist === null || isEmptyChecklist(input.checklist)) return "empty";
  if (isQuietTime(input.nowMs, input.quietHours, input.timezone)) return "quiet";
  if (input.idleStopMs > 0 && input.nowMs - input.lastActivityMs >= input.idleStopMs) return "idle";
  if (input.busy) return "busy";
  return "run";
}

export interface HeartbeatRequest {
  text: string;
  model: string | null;
  maxContextTokens: number;
}

export interface HeartbeatOptions {
  intervalMs: number;
  idleStopMs: number;
  quietHours: string | null;
  timezone: string;
  model: string | null;
  /** The light prompt's token budget. */
  maxContextTokens: number;
  checklistFile: string;
  clock: Clock;
  logger: Logger;
  budget: UnattendedBudget;
  /** The newest user message's time (ms), or null when there is none. */
  lastUserMessageMs(): number | null;
  /** Queues the heartbeat turn (runtime.enqueue). */
  dispatch(request: HeartbeatRequest): { turnId: string };
  /** Runs before each timed beat (reads the paired chats for the reply route); may reject. */
  prepare?(): Promise<void>;
}

export interface HeartbeatStatus {
  intervalMs: number;
  lastBeat: { at: string; outcome: BeatOutcome; turnId: string | null } | null;
  nextBeatAt: string | null;
  beats: Record<BeatOutcome, number>;
}

export class Heartbeat {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private startedMs = 0;
  private nextMs: number | null = null;
  private pendingTurn: string | null = null;
  private lastBeat: HeartbeatStatus["lastBeat"] = null;
  private readonly beats: Record<BeatOutcome, number> = {
    ran: 0,
    empty: 0,
    quiet: 0,
    idle: 0,
    budget: 0,
    busy: 0,
    error: 0,
  };

  constructor(private readonly options: HeartbeatOptions) {}

  /** Arms the first beat one interval from now; an interval of 0 means off. */
  start(): void {
    this.running = true;
    this.startedMs = this.options.clock.now();
    this.schedule();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.nextMs = null;
  }

  /** One beat now: decides, and queues a heartbeat turn only when there is something to do. */
  beat(): BeatOutcome {
    const outcome = this.decideAndRun();
    this.beats[outcome] += 1;
    if (outcome !== "ran") this.options.logger.debug({ outcome }, "heartbeat skipped");
    return outcome;
  }

  /** A turn ended; when it was the pending heartbeat, the next beat may run. */
  onTurnEnd(turnId: string): void {
    if (turnId === this.pendingTurn) this.pendingTurn = null;
  }

  status(): HeartbeatStatus {
    const nextBeatAt = this.nextMs === null ? null : new Date(this.nextMs).toISOString();
    return {
      intervalMs: this.options.intervalMs,
      lastBeat: this.lastBeat,
      nextBeatAt,
      beats: { ...this.beats },
    };
  }

  private decideAndRun(): BeatOutcome {
    const options = this.options;
    const nowMs = options.clock.now();
    const decision = decideBeat({
      checklist: readChecklist(options.checklistFile),
      nowMs,
      quietHours: options.quietHours,
      timezone: options.timezone,
      lastActivityMs: Math.max(options.lastUserMessageMs() ?? 0, this.startedMs),
      idleStopMs: options.idleStopMs,
      busy: this.pendingTurn !== null,
    });
    if (decision !== "run") return this.note(decision, null);
    if (!options.budget.allows("heartbeat")) return this.note("budget", null);
    try {
      const text = heartbeatPrompt(readChecklist(options.checklistFile) ?? "");
      const { model, maxContextTokens } = options;
      const { turnId } = options.dispatch({ text, model, maxContextTokens });
      this.pendingTurn = turnId;
      return this.note("ran", turnId);
    } catch (error) {
      options.logger.warn({ error: describeError(error) }, "heartbeat turn refused");
      return this.note("error", null);
    }
  }

  private note(outcome: BeatOutcome, turnId: string | null): BeatOutcome {
    this.lastBeat = { at: isoNow(this.options.clock), outcome, turnId };
    return outcome;
  }

  private schedule(): void {
    if (this.options.intervalMs <= 0) return;
    this.nextMs = this.options.clock.now() + this.options.intervalMs;
    this.timer = setTimeout(() => void this.timedBeat(), this.options.intervalMs);
  }

  /** A beat from the timer: never throws (a store read that fails must not end the daemon). */
  private async timedBeat(): Promise<void> {
    try {
      await this.options.prepare?.();
      if (this.running) this.beat();
    } catch (error) {
      this.beats.error += 1;
      this.options.logger.error({ error: describeError(error) }, "heartbeat failed");
    }
    if (this.running) this.schedule();
  }
}

function readChecklist(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // unreadable right now (being replaced by an editor): this beat sees no checklist
  }
}
