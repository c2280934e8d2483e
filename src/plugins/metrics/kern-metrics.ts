// The agent's metrics in prom-client's registry, fed by the runtime's events: turns by kind,
// interface and outcome, their latency, model calls, tool calls, approvals and errors by code.
// Gauges (queue, memory lag, unattended spend) and the token counters are read at each scrape.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Clock, RuntimeEvent } from "../../kernel/index.js";

/** What the gauges read when scraped. */
export interface MetricsSources {
  clock: Clock;
  /** Turns accepted and not ended, the running one included. */
  queueDepth(): number;
  memory(): {
    pendingJobs: number;
    unsegmentedMessages: number;
    staleSegments: number;
    lastRunAt: string | null;
  };
  /** Today's unattended tokens and the cap (null = none). */
  unattended(): { spent: number; cap: number | null };
  pendingApprovals(): number;
}

/** Seconds. A turn is seconds to minutes (tools, several steps); a capped one ends by 10 min. */
const TURN_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600];
/** Seconds. A model call: first token in ~0.3–2 s, a long answer or a slow local model ~1 min. */
const MODEL_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];
/** Seconds. Tools run from a file read (ms) to bash's default 120 s timeout and past it. */
const TOOL_BUCKETS = [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * Distinct tool names kept as labels. A model may call tools that do not exist, under any name;
 * past this many the rest count as "other", so a confused model cannot grow the scrape forever.
 */
const MAX_TOOL_LABELS = 200;

interface OpenTurn {
  interface: string;
  startedAt: number | null;
}

export class KernMetrics {
  readonly registry = new Registry();
  private readonly turns = new Map<string, OpenTurn>();
  private readonly tools = new Map<string, number>();
  private readonly toolLabels = new Set<string>();
  private readonly turnsTotal: Counter<"kind" | "interface" | "outcome">;
  private readonly turnSeconds: Histogram<"kind">;
  private readonly modelCalls: Counter<"model" | "outcome">;
  private readonly modelSeconds: Histogram<"model">;
  private readonly toolCalls: Counter<"tool" | "outcome">;
  private readonly toolSeconds: Histogram<"tool">;
  private readonly approvals: Counter<"outcome">;
  private readonly errors: Counter<"code">;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    // RSS, heap, event-loop delay, open handles: the process half of running for months.
    collectDefaultMetrics({ register: this.registry });
    this.turnsTotal = new Counter({
      name: "kern_turns_total",
      help: "Turns ended, by kind (message, job, heartbeat, ...), interface and outcome.",
      labelNames: ["kind", "interface", "outcome"],
      registers,
    });
    this.turnSeconds = new Histogram({
      name: "kern_turn_duration_seconds",
      help: "From a turn's start to its end (model turns; commands are answered at once).",
      labelNames: ["kind"],
      buckets: TURN_BUCKETS,
      registers,
    });
    this.modelCalls = new Counter({
      name: "kern_model_calls_total",
      help: "Model calls of turns' steps, by model and outcome (ok, cancelled, error).",
      labelNames: ["model", "outcome"],
      registers,
    });
    this.modelSeconds = new Histogram({
      name: "kern_model_call_duration_seconds",
      help: "One step's model call, from the request to the response's end.",
      labelNames: ["model"],
      buckets: MODEL_BUCKETS,
      registers,
    });
    this.toolCalls = new Counter({
      name: "kern_tool_calls_total",
      help: "Tool calls, by tool and outcome (ok, error).",
      labelNames: ["tool", "outcome"],
      registers,
    });
    this.toolSeconds = new Histogram({
      name: "kern_tool_call_duration_seconds",
      help: "One tool call, from its start to its result.",
      labelNames: ["tool"],
      buckets: TOOL_BUCKETS,
      registers,
    });
    this.approvals = new Counter({
      name: "kern_approvals_total",
      help: "Approvals asked (requested) and how they ended (approved, denied, expired).",
      labelNames: ["outcome"],
      registers,
    });
    this.errors = new Counter({
      name: "kern_errors_total",
      help: "Errors the runtime reported (turns that failed, failed work), by code.",
      labelNames: ["code"],
      registers,
    });
    this.gauges(registers);
  }

  /** Counts one runtime event. Cheap: a map lookup and a counter increment. */
  observe(event: RuntimeEvent): void {
    switch (event.type) {
      case "turn-queue":
      case "turn-start":
        this.openTurn(event.turnId, event.envelope.interface, event.type === "turn-start");
        return;
      case "turn-end":
        this.endTurn(event);
        return;
      case "model-call":
        this.modelCalls.inc({ model: event.model, outcome: event.outcome });
        this.modelSeconds.observe({ model: event.model }, event.ms / 1000);
        return;
      case "tool-call":
        this.tools.set(event.callId, this.sources.clock.now());
        return;
      case "tool-result":
        this.endTool(event.callId, event.name, event.isError);
        return;
      case "approval-request":
        this.approvals.inc({ outcome: "requested" });
        return;
      case "approval-end":
        this.approvals.inc({ outcome: event.approval.state });
        return;
      case "error":
        this.errors.inc({ code: event.code });
        return;
      default:
        return;
    }
  }

  private openTurn(turnId: string, from: string, started: boolean): void {
    const known = this.turns.get(turnId);
    const startedAt = started ? this.sources.clock.now() : (known?.startedAt ?? null);
    this.turns.set(turnId, { interface: from, startedAt });
  }

  private endTurn(event: Extract<RuntimeEvent, { type: "turn-end" }>): void {
    const open = this.turns.get(event.turnId);
    this.turns.delete(event.turnId);
    const kind = event.kind ?? "message";
    const labels = { kind, interface: open?.interface ?? "unknown", outcome: event.stopReason };
    this.turnsTotal.inc(labels);
    if (open?.startedAt != null && event.stopReason !== "command") {
      this.turnSeconds.observe({ kind }, (this.sources.clock.now() - open.startedAt) / 1000);
    }
  }

  private endTool(callId: string, name: string, isError: boolean): void {
    if (this.toolLabels.size < MAX_TOOL_LABELS) this.toolLabels.add(name);
    const tool = this.toolLabels.has(name) ? name : "other";
    const startedAt = this.tools.get(callId);
    this.tools.delete(callId);
    this.toolCalls.inc({ tool, outcome: isError ? "error" : "ok" });
    if (startedAt !== undefined)
      this.toolSeconds.observe({ tool }, (this.sources.clock.now() - startedAt) / 1000);
  }

  private gauges(registers: Registry[]): void {
    const { sources } = this;
    new Gauge({
      name: "kern_queue_depth",
      help: "Turns accepted and not ended, the running one included.",
      registers,
      collect() {
        this.set(sources.queueDepth());
      },
    });
    new Gauge({
      name: "kern_memory_lag",
      help: "The memory worker's backlog: pending jobs, unsegmented messages, stale summaries.",
      labelNames: ["what"],
      registers,
      collect() {
        const memory = sources.memory();
        this.set({ what: "pending_jobs" }, memory.pendingJobs);
        this.set({ what: "unsegmented_messages" }, memory.unsegmentedMessages);
        this.set({ what: "stale_segments" }, memory.staleSegments);
      },
    });
    new Gauge({
      name: "kern_memory_last_run_timestamp_seconds",
      help: "When the memory worker last finished a run (Unix time); absent before its first.",
      registers,
      collect() {
        const lastRunAt = sources.memory().lastRunAt;
        if (lastRunAt === null) this.remove();
        else this.set(Date.parse(lastRunAt) / 1000);
      },
    });
    new Gauge({
      name: "kern_unattended_tokens_today",
      help: "Tokens spent today (local day) by unattended work: jobs, heartbeat, sub-agents, ...",
      registers,
      collect() {
        this.set(sources.unattended().spent);
      },
    });
    const cap = sources.unattended().cap;
    if (cap !== null) {
      // Config, fixed for the daemon's life; absent when there is no cap.
      new Gauge({
        name: "kern_unattended_tokens_cap",
        help: "unattendedTokensPerDay.",
        registers,
      }).set(cap);
    }
    new Gauge({
      name: "kern_approvals_pending",
      help: "Tool calls waiting for the operator's yes.",
      registers,
      collect() {
        this.set(sources.pendingApprovals());
      },
    });
  }
}
