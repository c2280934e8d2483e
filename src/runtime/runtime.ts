// The runtime: one queue for every interface, turns run one at a time in arrival order, chat
// commands answered without the model, events fanned out to subscribers (SPEC §7), and the plugin
// host's registries (SPEC §17). It knows no interface and no feature: channels and features are
// plugins that register through the host; interfaces call `submit` and listen to events.
import {
  type ActorRole,
  type AgentStatus,
  createId,
  DaemonError,
  type Envelope,
  formatStatus,
  type ImportBuildReport,
  isoNow,
  type Origin,
  type RuntimeEvent,
  type TurnKind,
} from "../kernel/index.js";
import type { DoctorReport } from "../memory/index.js";
import type { Approvals } from "./access/approvals.js";
import type { UnattendedBudget } from "./access/unattended-budget.js";
import type { AttachmentIntake } from "./channels/attachment-intake.js";
import { withPairingEvents } from "./channels/pairing-events.js";
import { ParseWorkers } from "./documents/parse-workers.js";
import type { PluginHostParts } from "./host/create-plugin-host.js";
import type { PluginTurnRequest } from "./host/kern-plugin.js";
import type { KernServices } from "./host/kern-services.js";
import { PluginLifecycle } from "./host/plugin-lifecycle.js";
import { PluginRegistries } from "./host/plugin-registries.js";
import type { PluginReport } from "./host/setup-plugins.js";
import { queueImport } from "./import-task.js";
import { runTurn } from "./run-turn.js";
import type { InboundEnvelope, PairingApi, RuntimeApi } from "./runtime-api.js";
import {
  answerImmediately,
  type CommandHost,
  commandOf,
  mayAsk,
  runQueuedCommand,
} from "./runtime-commands.js";
import { RuntimeEvents } from "./runtime-events.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { createApprovals, createBudget, originOf } from "./runtime-parts.js";
import { RuntimeQueries } from "./runtime-queries.js";
import { closeInterruptedTurn, turnsToReplay } from "./runtime-recovery.js";
import { ALL_TOOLS } from "./tools/tool-registry.js";
import { createBuiltinToolSource } from "./tools/tool-source.js";
import { runApprovedCall, TurnContexts } from "./turn-contexts.js";
import { type QueuedTurn, TurnQueue } from "./turn-queue.js";
import type { TurnOptions } from "./turn-request.js";

export type { RuntimeOptions } from "./runtime-options.js";

/**
 * Back-pressure: turns that may wait at once. A flood beyond it is refused (KERN_QUEUE_FULL, HTTP
 * 429) rather than grow the daemon's memory without bound; 1,000 is ~an hour of busy chat.
 */
export const MAX_QUEUED_TURNS = 1000;

export class Runtime extends RuntimeQueries implements RuntimeApi {
  private readonly events: RuntimeEvents;
  private readonly queue = new TurnQueue();
  private idle: Promise<void> = Promise.resolve();
  private stopping = false;
  readonly pairing: PairingApi;
  /** What plugins registered: tools, commands, channels, sections, routes, turn kinds. */
  readonly registries: PluginRegistries;
  /** Plugins' start and stop hooks. */
  readonly lifecycle: PluginLifecycle;
  /** Calls parked until the operator's yes (SPEC §16). */
  readonly approvals: Approvals;
  /** The day's unattended spend and its cap (SPEC §13). */
  readonly budget: UnattendedBudget;
  /** Untrusted documents parsed off the event loop, at most two at once (issue 49). */
  readonly parse = new ParseWorkers();
  private readonly contexts: TurnContexts;
  private pluginReports: PluginReport[] = [];

  constructor(private readonly options: RuntimeOptions) {
    const registries = new PluginRegistries();
    super({ ...options, registries, queueState: () => this.queue.state() });
    this.registries = registries;
    // The core's own tools (SPEC §7) come first: a plugin's tool cannot shadow one of them.
    registries.tools.register(createBuiltinToolSource(ALL_TOOLS));
    this.events = new RuntimeEvents(options.logger);
    this.lifecycle = new PluginLifecycle(options.logger);
    this.pairing = withPairingEvents(options.pairing, (event) => this.emit(event));
    this.budget = createBudget(options, registries);
    this.contexts = new TurnContexts({
      options,
      registries,
      emit: (event) => this.emit(event),
      budget: this.budget,
    });
    this.approvals = createApprovals(options, {
      emit: (event) => this.emit(event),
      runCall: (request) => runApprovedCall(this.contexts, request),
      report: ({ envelope, origin }) => this.enqueue({ kind: "approval", envelope, origin }),
    });
    this.contexts.attach({
      approvals: this.approvals,
      status: async () => formatStatus(await this.status()),
    });
    options.memory.onUpdate((state) => this.emit({ type: "memory-update", state }));
  }

  /** Files into turns, once the plugin that provides intake registered it. */
  get intake(): AttachmentIntake | null {
    return this.registries.intake;
  }

  /** Closes a turn a crash interrupted, before any new turn runs; then replays the queue. */
  start(): void {
    closeInterruptedTurn(this.options);
    this.replayAcceptedTurns();
    this.approvals.start();
    this.options.memory.schedule();
  }

  /** What a plugin's host is made of (the daemon sets plugins up with it). */
  hostParts(services: Omit<KernServices, "runtime" | "approvals" | "budget" | "pairing">) {
    const parts: PluginHostParts = {
      registries: this.registries,
      lifecycle: this.lifecycle,
      logger: this.options.logger,
      enqueue: (request) => this.enqueue(request),
      submit: (envelope) => this.submit(envelope),
      subscribe: (listener) => this.subscribe(listener),
      services: {
        ...services,
        runtime: this,
        approvals: this.approvals,
        budget: this.budget,
        pairing: this.pairing,
      },
    };
    return parts;
  }

  /** How each plugin's setup went, for status and `kern plugins list` (the daemon sets it). */
  setPluginReports(reports: readonly PluginReport[]): void {
    this.pluginReports = [...reports];
  }

  /** Status with what plugins add (their sections), the plugins and the calls waiting. */
  override async status(): Promise<AgentStatus> {
    return {
      ...(await super.status()),
      approvals: { pending: this.approvals.pendingCount() },
      plugins: this.pluginReports,
    };
  }

  submit(inbound: InboundEnvelope): { turnId: string } {
    this.assertAccepting();
    const role = this.roleOf(inbound);
    const envelope: Envelope = { ...inbound, role, ts: inbound.ts ?? isoNow(this.options.clock) };
    const turnId = createId("turn", this.options.clock.now());
    const command = commandOf(envelope.text, this.registries.commands);
    if (command && (!command.queued || !mayAsk(this.registries.commands, command, role))) {
      setImmediate(
        () => void answerImmediately(this.commandHost(), { turnId, envelope, ...command }),
      );
      return { turnId };
    }
    const origin: Origin = originOf(envelope, role);
    return this.accept(turnId, envelope, { origin });
  }

  /**
   * Queues a turn from a registered source (a job, the heartbeat, a sub-agent's result, a
   * background command's end, an approval's decision): durable, FIFO with the people's messages,
   * cancelled and reported alike. Throws KERN_UNAVAILABLE while stopping, KERN_QUEUE_FULL past
   * MAX_QUEUED_TURNS, and for a kind no plugin registered.
   */
  enqueue(request: PluginTurnRequest): { turnId: string } {
    this.assertAccepting();
    if (!this.registries.hasTurnKind(request.kind))
      throw new DaemonError(
        "KERN_INTERNAL",
        `no plugin registered the turn kind "${request.kind}"`,
      );
    const { envelope: inbound, origin, ...rest } = request;
    const envelope: Envelope = { ...inbound, ts: inbound.ts ?? isoNow(this.options.clock) };
    const turnId = createId("turn", this.options.clock.now());
    return this.accept(turnId, envelope, {
      ...rest,
      origin: origin ?? { role: "operator" },
    });
  }

  /** A registered chat channel's users are members unless the channel said otherwise. */
  private roleOf(inbound: InboundEnvelope): ActorRole {
    if (inbound.role) return inbound.role;
    return this.registries.channels.get(inbound.interface) ? "member" : "operator";
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
    turn.task?.abandon("cancelled before it started");
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
    this.approvals.stop();
    for (const turn of this.queue.drain()) {
      turn.task?.abandon("the daemon stopped before it started; run it again");
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
    if (turn.task) {
      this.emit({ type: "turn-start", turnId: turn.turnId, envelope: turn.envelope });
      return turn.task.run();
    }
    const isMessage = (turn.options?.kind ?? "message") === "message";
    const command = isMessage ? commandOf(turn.envelope.text, this.registries.commands) : null;
    if (command?.queued) return runQueuedCommand(this.commandHost(), turn.turnId, command.command);
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
      store: this.options.store,
      timezone: this.options.timezone,
      ...(this.options.onRestartRequest ? { onRestart: this.options.onRestartRequest } : {}),
      queries: this,
      registry: this.registries.commands,
      approvals: this.approvals,
      cancelRunning: (mayCancel) => {
        const running = this.queue.running;
        if (!running || !mayCancel(running.envelope)) return null;
        return this.cancel(running.turnId) ? running.turnId : null;
      },
    };
  }

  /** The tools of a turn in a scope, from every registered source. */
  toolsFor(...args: Parameters<TurnContexts["toolsFor"]>) {
    return this.contexts.toolsFor(...args);
  }

  /** A turn's dependencies; a sub-agent's loop starts from them. */
  dependenciesFor(turn: Parameters<TurnContexts["dependenciesFor"]>[0]) {
    return this.contexts.dependenciesFor(turn);
  }
}
