// One agent's jobs and heartbeat, wired to its runtime (SPEC §13): the scheduler and the
// heartbeat queue their turns with `enqueue`, learn each turn's end from the runtime's events,
// and share one unattended budget. The composition root makes one and starts it with the daemon.
import type { Config } from "../../config/index.js";
import {
  type Clock,
  createId,
  DaemonError,
  describeError,
  hostTimezone,
  parseDuration,
  type ReplyRoute,
  type RuntimeEvent,
  type ScheduledAction,
} from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { JobRunsView, JobsOverview, JobView } from "../../protocol/index.js";
import type { UnattendedBudget } from "../../runtime/index.js";
import type { JobOutcome, JobRecord, MessageRepo } from "../../store/index.js";
import type { KnownRoutes } from "./check-route.js";
import { HEARTBEAT_CONTEXT_TOKENS, Heartbeat, type HeartbeatRequest } from "./heartbeat.js";
import { heartbeatRoute, type PairedChat } from "./heartbeat-route.js";
import { findJob } from "./job-book.js";
import type { JobInput } from "./job-input.js";

import { JobScheduler } from "./job-scheduler.js";
import { toJobView } from "./job-view.js";
import { EVIDENCE_MESSAGES, type HeldTurn, runEvidence } from "./run-evidence.js";
import type { RunEvidence } from "./run-recovery.js";

/** Interfaces that are kern's own sources, not a person: their messages never end the idle stop. */
export const UNATTENDED_INTERFACES = [
  "job",
  "heartbeat",
  "subagent",
  "process",
  "approval",
  "import",
  "system",
];

/** The slice of the runtime jobs need (structurally the Runtime's enqueue and subscribe). */
export interface JobsRuntimePort {
  enqueue(request: {
    kind: "job" | "heartbeat";
    envelope: {
      interface: string;
      text: string;
      name?: string;
      replyTo?: { channel: string; chat?: string; user?: string };
    };
    model?: string;
    maxContextTokens?: number;
  }): { turnId: string };
  subscribe(listener: (event: RuntimeEvent) => void): () => void;
  /** The turns accepted and not ended (running, queued, replayed after a crash). */
  pendingTurns(): readonly HeldTurn[];
}

export interface AgentJobsOptions {
  config: Config;
  jobsFile: string;
  heartbeatFile: string;
  messages: Pick<MessageRepo, "newestPersonMessageTs" | "range" | "nextSeq">;
  /** The current session id. */
  session(): string;
  runtime: JobsRuntimePort;
  /** The day's unattended budget (the runtime's). */
  budget: UnattendedBudget;
  /** The routes that exist now (registered channels, paired chats); absent = not checked. */
  knownRoutes?: () => Promise<KnownRoutes & { paired: readonly PairedChat[] }>;
  /** Sends a notice outside a turn to a chat (the channel's `send`); absent = logged only. */
  notify?: (route: ReplyRoute, text: string) => Promise<void>;
  clock: Clock;
  logger: Logger;
  /** Runs the jobs whose run is an action (a backup) instead of a prompt; none = refused. */
  actions?: JobActionRunner;
}

/** Takes a job's action; resolves when it is done, rejects when it failed. No model call. */
export interface JobActionRunner {
  run(action: ScheduledAction, job: string): Promise<void>;
}

/** What interfaces (the web API, chat commands) may do with the jobs. */
export type JobsApi = Pick<
  AgentJobs,
  "overview" | "runs" | "add" | "remove" | "setPaused" | "runNow"
>;

export class AgentJobs implements JobsApi {
  readonly budget: UnattendedBudget;
  readonly scheduler: JobScheduler;
  readonly heartbeat: Heartbeat;
  private unsubscribe: (() => void) | null = null;
  /** Turn ends heard before `start` (a replayed turn may end first); applied at start. */
  private early: TurnEnd[] | null = [];
  private readonly timezone: string;
  /** The channels and paired chats as last read (for the heartbeat's route). */
  private routes: { channels: readonly string[]; paired: readonly PairedChat[] } = {
    channels: [],
    paired: [],
  };
  /** The chat of the newest operator message that came through a channel. */
  private lastOperatorChat: ReplyRoute | null = null;
  private writeFault: string | null = null;

  constructor(private readonly options: AgentJobsOptions) {
    const { config, clock, runtime } = options;
    const logger = options.logger.child({ component: "jobs" });
    const timezone = config.timezone ?? hostTimezone();
    this.timezone = timezone;
    this.budget = options.budget;
    this.scheduler = new JobScheduler({
      file: options.jobsFile,
      clock,
      logger,
      timezone,
      minIntervalMs: durationOf(config.jobs.minInterval),
      max: config.jobs.max,
      budget: this.budget,
      onBudgetSkip: (job) => this.tellBudgetSkip(job),
      onWriteFault: (message) => this.onWriteFault(message),
      dispatch: (job) =>
        job.action
          ? this.startAction(job, job.action)
          : runtime.enqueue({
              kind: "job",
              envelope: {
                interface: "job",
                name: job.name,
                text: job.prompt,
                ...(job.to ? { replyTo: job.to } : {}),
              },
            }),
    });
    this.heartbeat = new Heartbeat({
      intervalMs: heartbeatIntervalOf(config),
      idleStopMs: durationOf(config.heartbeatIdleStop),
      quietHours: config.quietHours,
      timezone,
      model: config.heartbeatModel,
      maxContextTokens: Math.min(HEARTBEAT_CONTEXT_TOKENS, config.maxContextTokens),
      checklistFile: options.heartbeatFile,
      clock,
      logger,
      budget: this.budget,
      lastUserMessageMs: () => {
        const ts = options.messages.newestPersonMessageTs(options.session(), UNATTENDED_INTERFACES);
        return ts === null ? null : Date.parse(ts);
      },
      // A pairing or role changed since the last beat: the route follows it.
      prepare: () => this.refreshRoutes(),
      dispatch: (request: HeartbeatRequest) =>
        runtime.enqueue({
          kind: "heartbeat",
          envelope: { interface: "heartbeat", text: request.text, ...this.heartbeatReplyTo() },
          ...(request.model ? { model: request.model } : {}),
          maxContextTokens: request.maxContextTokens,
        }),
    });
  }

  /**
   * Listens to turn ends from now on: made before the runtime starts, so the end of a turn it
   * replays after a crash is never missed. Called by the constructor's owner (assembleJobs).
   */
  listen(): void {
    this.unsubscribe ??= this.options.runtime.subscribe((event) => this.onEvent(event));
  }

  /**
   * Once the runtime started (its replayed turns queued): settles the runs the last stop or crash
   * left `started`, applies catch-up, runs what is due and arms both timers.
   */
  start(): void {
    this.listen();
    // The first beat is an interval away: the routes are read long before it needs them.
    void this.refreshRoutes();
    this.scheduler.start(() => this.evidence());
    this.heartbeat.start();
    const early = this.early ?? [];
    this.early = null;
    for (const event of early) this.onEvent(event);
  }

  stop(): void {
    this.scheduler.stop();
    this.heartbeat.stop();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * A run that is an action, not a turn: taken beside the queue under an id of its own, its
   * outcome recorded as a turn's would be (tokens 0: it calls no model).
   */
  private startAction(job: JobRecord, action: ScheduledAction): { turnId: string } {
    const runner = this.options.actions;
    if (!runner)
      throw new DaemonError("KERN_UNAVAILABLE", `this daemon runs no ${action.kind} jobs`);
    const turnId = createId("run", this.options.clock.now());
    const logger = this.options.logger.child({ component: "jobs", job: job.name, turnId });
    // Settles after the scheduler recorded this id as the run's (it does so as dispatch returns).
    void runner.run(action, job.name).then(
      () => this.scheduler.onTurnEnd({ turnId, outcome: "ok", tokens: 0 }),
      (error: unknown) => {
        logger.warn({ error: describeError(error) }, `${action.kind} job failed`);
        this.scheduler.onTurnEnd({ turnId, outcome: "error", tokens: 0 });
      },
    );
    return { turnId };
  }

  private evidence(): RunEvidence {
    const { messages, runtime } = this.options;
    const session = this.options.session();
    const end = messages.nextSeq(session);
    const tail = messages.range(session, Math.max(0, end - EVIDENCE_MESSAGES), end);
    return runEvidence(runtime.pendingTurns(), tail);
  }

  /** The jobs, spend and heartbeat; with `all`, the settled runs too (`kern jobs list --all`). */
  overview(options: { all?: boolean } = {}): JobsOverview {
    const { config } = this.options;
    const heartbeat = this.heartbeat.status();
    return {
      jobs: this.scheduler.list().map((job) => toJobView(job, this.timezone)),
      timezone: this.timezone,
      fault: this.writeFault,
      unattended: {
        spentToday: this.budget.spentToday(),
        capPerDay: this.budget.capPerDay,
        notice: this.budget.notice?.text ?? null,
      },
      heartbeat:
        heartbeat.intervalMs > 0
          ? { ...heartbeat, model: config.heartbeatModel ?? config.model }
          : null,
      ...(options.all ? { runs: this.scheduler.runs() } : {}),
    };
  }

  /** The newest `limit` settled runs, newest first, and how many the history holds (the web page). */
  runs(limit: number): JobRunsView {
    const all = this.scheduler.runs();
    return { runs: all.slice(-limit).reverse(), total: all.length, timezone: this.timezone };
  }

  /** Adds a job; its reply route must exist (KERN_ROUTE_INVALID lists the valid ones). */
  async add(input: JobInput): Promise<JobView> {
    const routes = await this.options.knownRoutes?.();
    return toJobView(this.scheduler.add(input, routes), this.timezone);
  }

  remove(name: string): void {
    this.scheduler.remove(name);
  }

  setPaused(name: string, paused: boolean): JobView {
    return toJobView(this.scheduler.setPaused(name, paused), this.timezone);
  }

  runNow(name: string): { turnId: string | null } {
    return this.scheduler.runNow(name);
  }

  job(name: string): JobView {
    return toJobView(findJob({ v: 1, jobs: [...this.scheduler.list()] }, name), this.timezone);
  }

  /** Reads the channels and paired chats again (the heartbeat's route); never throws. */
  async refreshRoutes(): Promise<void> {
    try {
      const routes = await this.options.knownRoutes?.();
      if (routes) this.routes = routes;
    } catch (error) {
      this.options.logger.warn({ error: describeError(error) }, "cannot read the paired chats");
    }
  }

  /** The heartbeat envelope's reply route (heartbeat-route.ts), or nothing: the session only. */
  private heartbeatReplyTo(): { replyTo?: ReplyRoute } {
    const route = heartbeatRoute({
      configured: this.options.config.heartbeatTo,
      channels: this.routes.channels,
      paired: this.routes.paired,
      lastOperatorChat: this.lastOperatorChat,
    });
    return route ? { replyTo: route } : {};
  }

  /** A one-shot job (a reminder) skipped at the cap: the person it was for is told, on its route. */
  private tellBudgetSkip(job: JobRecord): void {
    const { notify, config, logger } = this.options;
    const text = `Reminder "${job.name}" did not run: today's unattended budget (unattendedTokensPerDay ${config.unattendedTokensPerDay}) is spent. It was: ${job.prompt}`;
    // A repeating job is skipped at every due time: the budget's one warning a day covers it.
    if (job.schedule.kind !== "at") return;
    logger.warn({ job: job.name, to: job.to }, "reminder skipped at the unattended cap");
    if (!job.to?.chat || !notify) return;
    notify(job.to, text).catch((error: unknown) =>
      logger.warn({ job: job.name, error: describeError(error) }, "cannot tell the budget skip"),
    );
  }

  /** The jobs file cannot be written (or can again): shown in the status, told to the operator once. */
  private onWriteFault(message: string | null): void {
    this.writeFault = message;
    if (message === null) return;
    const operator =
      this.lastOperatorChat ??
      heartbeatRoute({ configured: null, ...this.routes, lastOperatorChat: null });
    if (!operator || !this.options.notify) return;
    this.options
      .notify(operator, `kern: ${message}. Due jobs wait and run once it can be written.`)
      .catch(() => {
        // the chat is unreachable too: the log and the status already say it
      });
  }

  /** An operator's message from a channel chat: the heartbeat's default route follows them. */
  private noteSpeaker(envelope: {
    interface: string;
    channel?: string;
    user?: string;
    role?: string;
  }): void {
    if (UNATTENDED_INTERFACES.includes(envelope.interface)) return;
    void this.refreshRoutes();
    if (envelope.role !== "operator" || !envelope.channel) return;
    if (!this.routes.channels.includes(envelope.interface)) return;
    this.lastOperatorChat = {
      channel: envelope.interface,
      chat: envelope.channel,
      ...(envelope.user ? { user: envelope.user } : {}),
    };
  }

  private onEvent(event: RuntimeEvent): void {
    if (event.type === "turn-start") this.noteSpeaker(event.envelope);
    if (event.type !== "turn-end") return;
    if (this.early) {
      this.early.push(event);
      return;
    }
    this.heartbeat.onTurnEnd(event.turnId);
    const outcome = outcomeOf(event);
    if (outcome === "skipped-budget") {
      const job = this.scheduler.list().find((entry) => entry.lastRun?.turnId === event.turnId);
      if (job) this.tellBudgetSkip(job);
    }
    this.scheduler.onTurnEnd({
      turnId: event.turnId,
      outcome,
      tokens: tokensOf(event),
    });
  }
}

type TurnEnd = Extract<RuntimeEvent, { type: "turn-end" }>;

function outcomeOf(event: TurnEnd): JobOutcome {
  if ("silent" in event && event.silent === true) return "silent";
  // Queued under the cap, it found the budget spent when it started: no model call was made.
  if (event.error?.code === "KERN_UNATTENDED_BUDGET") return "skipped-budget";
  switch (event.stopReason) {
    case "end":
    case "command":
      return "ok";
    case "cancelled":
      return "cancelled";
    default:
      return "error";
  }
}

function tokensOf(event: TurnEnd): number | null {
  if (!("usage" in event)) return null;
  const usage = event.usage as { inputTokens: number; outputTokens: number } | undefined;
  return usage ? usage.inputTokens + usage.outputTokens : null;
}

function durationOf(text: string): number {
  return parseDuration(text) ?? 0; // the config schema refused anything else
}

/** `heartbeatInterval`, refused when below `jobs.minInterval` (0 = off is always fine). */
export function heartbeatIntervalOf(config: Pick<Config, "heartbeatInterval" | "jobs">): number {
  const interval = durationOf(config.heartbeatInterval);
  const minimum = durationOf(config.jobs.minInterval);
  return interval > 0 ? Math.max(interval, minimum) : 0;
}
