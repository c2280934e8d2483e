// The runtime: one queue for every interface, turns run one at a time in arrival order, chat
// commands answered without the model, events fanned out to subscribers (SPEC §7). It knows no
// interface: they all call `submit` and listen to runtime events.
import {
  type AgentStatus,
  createId,
  DaemonError,
  type Envelope,
  formatStatus,
  type ImportBuildReport,
  isoNow,
  type JobsOverview,
  type ProcessRow,
  parseChatCommand,
  type RuntimeEvent,
  type SubagentRow,
  type TurnKind,
  type WorkView,
} from "../kernel/index.js";
import type { DoctorReport } from "../memory/index.js";
import { type Channel, ChannelRegistry } from "./channel.js";
import { type ChatCommandHandler, CommandRegistry } from "./chat-commands.js";
import { queueImport } from "./import-job.js";
import type { MediaIntake } from "./media/media-intake.js";
import { runTurn, type TurnDependencies } from "./run-turn.js";
import type {
  InboundEnvelope,
  PairingApi,
  ProcessControl,
  RuntimeApi,
  SubagentControl,
} from "./runtime-api.js";
import {
  answerImmediately,
  type CommandHost,
  finishCommand,
  immediateCommand,
  startNewSession,
} from "./runtime-commands.js";
import { RuntimeEvents } from "./runtime-events.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { RuntimeQueries } from "./runtime-queries.js";
import { closeInterruptedTurn, turnsToReplay } from "./runtime-recovery.js";
import { RuntimeWork } from "./runtime-work.js";
import { type SkillCatalog, skillsSectionText, skillsTextOf } from "./skills/skill-catalog.js";
import { SkillsToolSource } from "./skills/skills-tool-source.js";
import type { BackgroundStarter, ToolScope } from "./tools/tool.js";
import { ALL_TOOLS, toolsSectionText } from "./tools/tool-registry.js";
import { createBuiltinToolSource, ToolRegistry, type TurnInfo } from "./tools/tool-source.js";
import { buildTurnDependencies } from "./turn-dependencies.js";
import { type QueuedTurn, TurnQueue } from "./turn-queue.js";

export type { RuntimeOptions } from "./runtime-options.js";

import type { TurnOptions, TurnRequest } from "./turn-request.js";

/**
 * Back-pressure: turns that may wait at once. A flood beyond it is refused (KERN_QUEUE_FULL, HTTP
 * 429) rather than grow the daemon's memory without bound; 1,000 is ~an hour of busy chat.
 */
export const MAX_QUEUED_TURNS = 1000;

export class Runtime extends RuntimeQueries implements RuntimeApi {
  private readonly events: RuntimeEvents;
  private readonly queue = new TurnQueue();
  private readonly startHooks: Array<() => void> = [];
  private readonly background = new RuntimeWork();
  private idle: Promise<void> = Promise.resolve();
  private stopping = false;
  readonly pairing: PairingApi;
  readonly media: MediaIntake | null;
  /** Chat channels (registry): the composition root registers each adapter. */
  readonly channels = new ChannelRegistry();
  /** Tool sources (registry): the built-in tools, then MCP servers, skills, jobs, … */
  readonly tools = new ToolRegistry();
  /** Chat commands features answer (`/jobs`, `/mcp`, …). */
  readonly commands = new CommandRegistry();
  /** Skills (SPEC §14), when the composition root gave them: `registerSkills`. */
  private skills: SkillCatalog | null = null;
  /** The agent's jobs, shown in status (SPEC §13); null until registered. */
  private jobsStatus: { overview(): JobsOverview } | null = null;

  constructor(private readonly options: RuntimeOptions) {
    super({
      ...options,
      queueState: () => this.queue.state(),
      channels: () => this.channels.list(),
      toolSources: () => this.tools.describe(),
      jobs: () => this.jobsStatus?.overview() ?? null,
      toolsText: () => toolsSectionText(this.toolsForTurn(STATUS_TURN, options.config.toolScope)),
      skillsText: () => (this.skills ? skillsSectionText(this.skills.current().skills) : ""),
    });
    this.events = new RuntimeEvents(options.logger);
    this.pairing = options.pairing;
    this.media = options.media ?? null;
    this.tools.register(createBuiltinToolSource(ALL_TOOLS));
    options.memory.onUpdate((state) => this.emit({ type: "memory-update", state }));
  }

  /** Closes a turn a crash interrupted, before any new turn runs. */
  start(): void {
    closeInterruptedTurn(this.options);
    this.replayAcceptedTurns();
    for (const hook of this.startHooks.splice(0)) hook();
    this.options.memory.schedule();
  }

  /** Runs once `start` closed interrupted turns (what a crash cut short is reported after that). */
  onStart(hook: () => void): void {
    this.startHooks.push(hook);
  }

  registerSubagents(control: SubagentControl): void {
    this.background.registerSubagents(control);
  }

  registerProcesses(control: ProcessControl & { starter: BackgroundStarter }): void {
    this.background.registerProcesses(control);
  }

  /** Status with the running sub-agents and background commands. */
  override async status(): Promise<AgentStatus> {
    return { ...(await super.status()), work: this.background.running() };
  }

  async work(): Promise<WorkView> {
    return this.background.list();
  }

  cancelSubagent(id: string): Promise<SubagentRow | null> {
    return this.background.cancelSubagent(id);
  }

  stopProcess(id: string): Promise<ProcessRow | null> {
    return this.background.stopProcess(id);
  }

  submit(inbound: InboundEnvelope): { turnId: string } {
    this.assertAccepting();
    const envelope: Envelope = { ...inbound, ts: inbound.ts ?? isoNow(this.options.clock) };
    const turnId = createId("turn", this.options.clock.now());
    const command = immediateCommand(envelope.text, this.commands);
    if (command) {
      setImmediate(
        () => void answerImmediately(this.commandHost(), { turnId, envelope, ...command }),
      );
      return { turnId };
    }
    return this.accept(turnId, envelope);
  }

  /**
   * Queues a turn from any source (a job, the heartbeat, a sub-agent's result, a background
   * command's end): durable, FIFO with the people's messages, cancelled and reported alike.
   * Throws KERN_UNAVAILABLE while stopping and KERN_QUEUE_FULL past MAX_QUEUED_TURNS.
   */
  enqueue(request: TurnRequest): { turnId: string } {
    this.assertAccepting();
    const { envelope: inbound, ...rest } = request;
    const envelope: Envelope = { ...inbound, ts: inbound.ts ?? isoNow(this.options.clock) };
    const turnId = createId("turn", this.options.clock.now());
    return this.accept(turnId, envelope, rest);
  }

  registerChannel(channel: Channel): void {
    this.channels.register(channel);
  }

  /** Skills: the `skill` tool, and the `<skills>` section of every turn's prompt (rescanned). */
  registerSkills(catalog: SkillCatalog): void {
    this.skills = catalog;
    this.tools.register(new SkillsToolSource(catalog));
  }

  registerCommand(handler: ChatCommandHandler): void {
    this.commands.register(handler);
  }

  /** Jobs, heartbeat and unattended spend appear in `status` once registered. */
  registerJobsStatus(source: { overview(): JobsOverview }): void {
    this.jobsStatus = source;
  }

  private assertAccepting(): void {
    if (this.stopping) {
      throw new DaemonError(
        "KERN_UNAVAILABLE",
        "the daemon is stopping; send the message again once it runs (kern start)",
      );
    }
  }

  private accept(turnId: string, envelope: Envelope, options?: TurnOptions): { turnId: string } {
    if (this.queue.length >= MAX_QUEUED_TURNS) {
      throw new DaemonError(
        "KERN_QUEUE_FULL",
        `${MAX_QUEUED_TURNS} turns are already waiting; send this one once some have run`,
      );
    }
    // Durable before the caller hears back.
    this.options.queueFile?.queued({ turnId, envelope, ...(options ? { options } : {}) });
    this.pushTurn({ turnId, envelope, controller: new AbortController(), options });
    this.pump();
    return { turnId };
  }

  private pushTurn(turn: QueuedTurn): void {
    const position = this.queue.push(turn);
    this.emit({ type: "turn-queue", turnId: turn.turnId, envelope: turn.envelope, position });
  }

  /**
   * Queues again the turns accepted before the last stop or crash that never ran, in order. A turn
   * whose user message is in the log already started (a crash cut it short): it is not re-run.
   */
  private replayAcceptedTurns(): void {
    const { queueFile, store, logger } = this.options;
    if (!queueFile) return;
    const replay = turnsToReplay(queueFile, store);
    for (const entry of replay) this.pushTurn({ ...entry, controller: new AbortController() });
    if (replay.length > 0)
      logger.warn({ replayed: replay.length }, "replaying turns accepted before the last stop");
    this.pump();
  }

  /**
   * Imports a conversation as one queue item: turns sent meanwhile run after it, in order. The
   * upload is received first; progress goes to `onProgress` and to subscribers.
   */
  async importConversation(
    options: Parameters<RuntimeApi["importConversation"]>[0],
  ): Promise<ImportBuildReport> {
    const { importer } = this.options;
    if (!importer) throw new DaemonError("KERN_UNAVAILABLE", "this daemon cannot import");
    if (this.stopping) throw new DaemonError("KERN_UNAVAILABLE", "the daemon is stopping");
    return queueImport({
      importer,
      upload: options,
      turnId: createId("import", this.options.clock.now()),
      ts: isoNow(this.options.clock),
      emit: (event) => this.emit(event),
      enqueue: (turn) => {
        this.pushTurn(turn);
        this.pump();
      },
    });
  }

  /** `kern doctor` on the daemon's own files (it is their one writer). */
  doctor(options: { fix: boolean }): Promise<DoctorReport> {
    return this.options.memory.doctor(options);
  }

  cancel(turnId: string): boolean {
    if (this.queue.running?.turnId === turnId) {
      this.queue.running.controller.abort();
      return true;
    }
    const turn = this.queue.remove(turnId);
    if (!turn) return false;
    this.options.queueFile?.done(turnId);
    turn.job?.abandon("cancelled before it started");
    this.emit({ type: "turn-end", turnId, text: "", stopReason: "cancelled" });
    return true;
  }

  subscribe(listener: (event: RuntimeEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * The turns accepted and not ended, the running one first: after `start`, those replayed from
   * the queue file too (the jobs settle a run a crash left unfinished by it).
   */
  pendingTurns(): Array<{ turnId: string; kind?: TurnKind; envelope: Envelope }> {
    return this.queue.pending();
  }

  /** Resolves once the queue is empty and no turn runs. */
  async whenIdle(): Promise<void> {
    while (this.queue.busy) await this.idle;
  }

  /**
   * Stops intake, aborts the running turn's model call, waits for it to close. Turns still queued
   * stay in the queue file and run after the next start.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const turn of this.queue.drain()) {
      turn.job?.abandon("the daemon stopped before it started; run it again");
      this.emit({
        type: "turn-end",
        turnId: turn.turnId,
        text: "",
        stopReason: "cancelled",
        error: {
          code: "KERN_UNAVAILABLE",
          message: this.options.queueFile
            ? "the daemon stopped before this turn; it stays queued and runs after the next start"
            : "the daemon stopped before this turn",
        },
      });
    }
    this.queue.running?.controller.abort();
    await this.idle;
  }

  private emit(event: RuntimeEvent): void {
    this.events.emit(event);
  }

  private pump(): void {
    if (this.queue.running) return;
    const next = this.queue.startNext();
    if (!next) {
      this.options.queueFile?.compact();
      return;
    }
    this.idle = this.process(next).finally(() => {
      this.options.queueFile?.done(next.turnId);
      this.queue.running = null;
      this.pump();
    });
  }

  private async process(turn: QueuedTurn): Promise<void> {
    if (turn.job) {
      this.emit({ type: "turn-start", turnId: turn.turnId, envelope: turn.envelope });
      return turn.job.run();
    }
    const command = turn.options?.kind ? null : parseChatCommand(turn.envelope.text);
    if (command?.command === "new") {
      const id = startNewSession(this.options.store);
      return finishCommand(
        this.commandHost(),
        turn.turnId,
        "new",
        `started a new session ${id}; earlier sessions stay searchable with /recall`,
      );
    }
    if (command?.command === "restart") {
      finishCommand(this.commandHost(), turn.turnId, "restart", "restarting the daemon…");
      this.options.onRestartRequest?.();
      return;
    }
    await runTurn({
      turnId: turn.turnId,
      envelope: turn.envelope,
      kind: turn.options?.kind ?? "message",
      signal: turn.controller.signal,
      deps: this.dependenciesFor(turn),
    });
  }

  private commandHost(): CommandHost {
    return {
      emit: (event) => this.emit(event),
      queries: this,
      registry: this.commands,
      cancelRunning: () => {
        const running = this.queue.running?.turnId;
        return running && this.cancel(running) ? running : null;
      },
    };
  }

  /** The tools a turn gets: every source's, in the turn's scope. */
  private toolsForTurn(turn: TurnInfo, scope: ToolScope) {
    return this.tools.toolsFor({ scope, turn });
  }

  /** A turn's dependencies; a sub-agent's loop (runtime/subagents/) starts from them. */
  dependenciesFor(turn: Parameters<typeof buildTurnDependencies>[0]["turn"]): TurnDependencies {
    const deps = buildTurnDependencies({
      runtime: this.options,
      turn,
      tools: (info, scope) => this.toolsForTurn(info, scope),
      channels: this.channels,
      emit: (event) => this.emit(event),
      status: async () => formatStatus(await this.status()),
    });
    const background = this.background.starter;
    const withSkills = this.skills ? { ...deps, skillsText: skillsTextOf(this.skills) } : deps;
    return background
      ? { ...withSkills, toolContext: { ...withSkills.toolContext, background } }
      : withSkills;
  }
}

/** The turn a status or context query lists tools for: none in particular. */
const STATUS_TURN: TurnInfo = {
  id: "status",
  kind: "message",
  envelope: { text: "", interface: "system", ts: "" },
  depth: 0,
};
