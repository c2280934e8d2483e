// One turn: persist the user message, then up to maxSteps model steps with tool calls, each step
// persisted as it ends; the last step is text-only so a turn never ends in silence (LESSONS #8).
import type { Config } from "../config/index.js";
import {
  type Clock,
  describeError,
  type Envelope,
  isKernError,
  isoNow,
  type Redact,
  type RuntimeEvent,
  type SessionMessage,
  type ToolCall,
  type TurnKind,
  type TurnStopReason,
} from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { PromptText, TurnRecall } from "../memory/index.js";
import type { ImagePart, ModelClient, ModelEvent } from "../model/index.js";
import { type AgentStore, indexDamageIn, type StateRepo } from "../store/index.js";
import type { MemoryPort } from "./memory-port.js";
import { recordStepUsage, streamStep } from "./model-step.js";
import { toChatMessages } from "./to-chat-messages.js";
import { keepToolOutput } from "./tools/keep-tool-output.js";
import type { Tool, ToolContext } from "./tools/tool.js";
import {
  describeTools,
  runToolCall,
  type ToolCallGate,
  toolsSectionText,
} from "./tools/tool-registry.js";
import { isSilentReply } from "./turn-request.js";

/**
 * What a turn writes to: the agent store for a turn of the main session; a view over its own
 * transcript for a sub-agent (runtime/subagents/subagent-loop.ts).
 */
export type TurnStore = Pick<AgentStore, "appendMessages" | "sync"> & {
  readonly state: Pick<StateRepo, "recordUsage">;
  readonly sessionLog: { readonly sessionId: string };
};

export interface TurnDependencies {
  store: TurnStore;
  memory: MemoryPort;
  model: { client: ModelClient; model: string } | null;
  config: Pick<Config, "maxSteps" | "autoRecall">;
  /** A smaller prompt budget for this turn (a heartbeat's light prompt). */
  maxContextTokens?: number;
  tools: readonly Tool[];
  /** Sections plugins add (`<skills>`), read afresh each step (a skill may be written mid-turn). */
  sections?: () => Promise<PromptText[]>;
  /** Parks the calls that need the operator's yes (SPEC §16); absent = every call runs. */
  gate?: ToolCallGate;
  toolContext: Omit<ToolContext, "signal">;
  emit: (event: RuntimeEvent) => void;
  clock: Clock;
  logger: Logger;
  /** Image parts for the window's newest media turns (SPEC §15); absent = no vision. */
  images?: (window: readonly SessionMessage[]) => Promise<Map<number, ImagePart[]>>;
  /** `<working_memory>` for the prompt (default: the session's stored one); a sub-agent gets its parent's. */
  workingMemory?: () => Promise<string | null>;
  /** The `<recall>` block to start with (a sub-agent's: its task searched over the shared history). */
  recall?: TurnRecall;
  /** Where long tool outputs are kept whole, and how much of each the log keeps (issue 33). */
  toolOutput: { dir: string | null; keepBytes: number };
  /** Replaces every secret's value by `[redacted NAME]` (SPEC §16). */
  redact: Redact;
  /**
   * Asked before every model step with the previous step's tokens (0 before the first): false
   * when this turn's kind is unattended and today's unattended spend plus that would reach the
   * cap. Then this step is the last, text-only (so the day ends at most about one step over);
   * before the first step the turn makes no model call at all. Absent = never capped.
   */
  stepAllowed?: (kind: TurnKind, reserve: number) => boolean;
}

export interface RunTurnOptions {
  turnId: string;
  envelope: Envelope;
  /** What queued it: a person's message, a job, the heartbeat, … */
  kind: TurnKind;
  signal: AbortSignal;
  deps: TurnDependencies;
}

/** How a turn ended, as `turn-end` carries it. */
export interface TurnEnding {
  text: string;
  stopReason: TurnStopReason;
  error?: { code: string; message: string };
  silent?: boolean;
}

const NO_MODEL_MESSAGE =
  "No model is configured, so I cannot answer yet. Set `model` (and `baseUrl` or `provider`) in .kern/config.json, or export KERN_MODEL and KERN_BASE_URL, put the API key in .kern/.env (e.g. OPENAI_API_KEY), then run `kern restart`. Memory, recall and the web UI work without a model.";

/** Runs one turn to its end. Never throws: failures end the turn with an `error` stop reason. */
export async function runTurn(options: RunTurnOptions): Promise<TurnEnding> {
  const { turnId, envelope, deps, kind } = options;
  // Promises that resolve at once never let the event loop serve a request: a turn (and a queue
  // of them) ran as one block of synchronous work. Yield before each piece (issue 33 item 8).
  await yieldToEventLoop();
  const started = deps.clock.now();
  deps.emit({ type: "turn-start", turnId, envelope });
  const usage = { inputTokens: 0, outputTokens: 0 };
  let ending: TurnEnding;
  try {
    deps.store.appendMessages([
      {
        ts: envelope.ts,
        role: "user",
        content: envelope.text,
        meta: {
          interface: envelope.interface,
          channel: envelope.channel,
          user: envelope.user,
          name: envelope.name,
          turnId,
          ...(kind !== "message" ? { kind } : {}),
          ...(envelope.role === "member" ? { role: "member" as const } : {}),
          ...(envelope.attachments?.length ? { attachments: envelope.attachments } : {}),
          ...(envelope.attachments?.length ? { caption: envelope.caption ?? "" } : {}),
        },
      },
    ]);
    ending = deps.model
      ? await runSteps(options, deps.model, usage)
      : {
          text: "",
          stopReason: "error",
          error: { code: "KERN_MODEL_NOT_CONFIGURED", message: NO_MODEL_MESSAGE },
        };
  } catch (error) {
    ending = failedTurn(deps, turnId, error);
  }
  try {
    deps.store.sync();
  } catch (error) {
    ending = ending.error ? ending : failedTurn(deps, turnId, error);
  }
  deps.logger.info(
    { turnId, kind, ms: deps.clock.now() - started, stopReason: ending.stopReason, ...usage },
    "turn end",
  );
  if (ending.error) deps.emit({ type: "error", turnId, ...ending.error });
  deps.emit({ type: "turn-end", turnId, ...ending, usage, kind });
  deps.memory.schedule();
  return ending;
}

/** Lets waiting I/O (a GET /status, an event stream) run before the next piece of a turn. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A turn that threw (a full disk, a bug): an error ending with the error's code. */
function failedTurn(deps: TurnDependencies, turnId: string, error: unknown) {
  const failure = indexDamageIn(error, deps.toolContext.agentDir) ?? error; // names `kern reindex`
  deps.logger.error({ turnId, error: describeError(failure) }, "turn failed");
  const code = isKernError(failure) ? failure.code : "KERN_TOOL_FAILED";
  return {
    text: "",
    stopReason: "error" as const,
    error: { code, message: deps.redact(describeError(failure)) },
  };
}

async function runSteps(
  options: RunTurnOptions,
  model: { client: ModelClient; model: string },
  usage: { inputTokens: number; outputTokens: number },
): Promise<TurnEnding> {
  const { turnId, deps, signal } = options;
  const toolDefinitions = describeTools(deps.tools);
  let finalText = "";
  const turn: TurnRecall = deps.recall ?? {};
  let spentBefore = 0; // the turn's tokens before its latest step: the difference is that step's
  for (let step = 1; step <= deps.config.maxSteps; step += 1) {
    // The cap holds mid-turn (docs/jobs.md "Costs"): checked before each step, not only at queueing.
    const reserve = usage.inputTokens + usage.outputTokens - spentBefore;
    const capped = deps.stepAllowed ? !deps.stepAllowed(options.kind, reserve) : false;
    if (capped && step === 1) return budgetSpent();
    const lastStep = step === deps.config.maxSteps || capped;
    await yieldToEventLoop();
    const composed = await composeForStep(options, turn);
    const images = deps.images ? await deps.images(composed.window) : undefined;
    const request = stepRequest({
      model: model.model,
      composed,
      images,
      toolDefinitions,
      lastStep,
    });
    const end = await streamStep(model.client.stream(request, signal), turnId, model.model, deps);
    spentBefore = usage.inputTokens + usage.outputTokens;
    recordStepUsage(
      { state: deps.store.state, clock: deps.clock, turnId, kind: options.kind },
      model.model,
      usage,
      end.usage,
    );
    const toolCalls = lastStep ? [] : end.toolCalls;
    const cutOff = end.stopReason === "error" || end.stopReason === "cancelled";
    const silent = toolCalls.length === 0 && !cutOff && isSilentReply(end.text);
    appendStepReply(options, { model: model.model, end, toolCalls, cutOff, silent });
    finalText = end.text || finalText;
    if (end.stopReason === "cancelled") return { text: finalText, stopReason: "cancelled" };
    if (end.stopReason === "error") {
      return {
        text: finalText,
        stopReason: "error",
        error: {
          code: end.error?.code ?? "KERN_MODEL_HTTP",
          message: deps.redact(end.error?.message ?? "model call failed"),
        },
      };
    }
    if (toolCalls.length === 0)
      return { text: finalText, stopReason: "end", ...(silent ? { silent: true } : {}) };
    await runTools(toolCalls, options);
    if (signal.aborted) return { text: finalText, stopReason: "cancelled" };
  }
  return { text: finalText, stopReason: "max-steps" };
}

/** One step's model request: the composed prompt, and the tools unless this is the last step. */
function stepRequest(parts: {
  model: string;
  composed: Awaited<ReturnType<typeof composeForStep>>;
  images: Parameters<typeof toChatMessages>[1];
  toolDefinitions: ReturnType<typeof describeTools>;
  lastStep: boolean;
}) {
  const { composed, toolDefinitions } = parts;
  return {
    model: parts.model,
    messages: [
      { role: "system" as const, content: composed.systemPrompt },
      ...toChatMessages(composed.window, parts.images),
    ],
    ...(parts.lastStep || toolDefinitions.length === 0
      ? { toolChoice: "none" as const }
      : { tools: toolDefinitions, toolChoice: "auto" as const }),
  };
}

/**
 * Persists a step's reply (its text and the tool calls it runs) as one assistant message, marked
 * partial when the call was cut off and silent for a NO_REPLY; a step with neither writes nothing.
 */
function appendStepReply(
  options: RunTurnOptions,
  step: {
    model: string;
    end: Extract<ModelEvent, { type: "response-end" }>;
    toolCalls: ToolCall[];
    cutOff: boolean;
    silent: boolean;
  },
): void {
  const { end, toolCalls, cutOff, silent } = step;
  if (!end.text && toolCalls.length === 0) return;
  options.deps.store.appendMessages([
    {
      ts: isoNow(options.deps.clock),
      role: "assistant",
      content: end.text || null,
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
      meta: {
        turnId: options.turnId,
        model: step.model,
        ...(end.usage ? { usage: end.usage } : {}),
        ...(cutOff ? { partial: true } : {}),
        ...(silent ? { silent: true } : {}),
      },
    },
  ]);
}

/** An unattended turn that found the day's budget spent before its first model call. */
function budgetSpent(): TurnEnding {
  return {
    text: "",
    stopReason: "error",
    error: {
      code: "KERN_UNATTENDED_BUDGET",
      message:
        "today's unattended budget is spent (unattendedTokensPerDay): this turn made no model call",
    },
  };
}

async function composeForStep(options: RunTurnOptions, recall: TurnRecall) {
  const { deps } = options;
  return deps.memory.turnPrompt({
    toolsText: toolsSectionText(deps.tools),
    extraSections: deps.sections ? await deps.sections() : [],
    question: options.envelope.text,
    autoRecall: deps.config.autoRecall,
    session: deps.store.sessionLog.sessionId,
    recall,
    ...(deps.workingMemory ? { workingMemory: await deps.workingMemory() } : {}),
    ...(deps.maxContextTokens ? { maxContextTokens: deps.maxContextTokens } : {}),
  });
}

async function runTools(calls: readonly ToolCall[], options: RunTurnOptions): Promise<void> {
  const { deps, turnId, signal } = options;
  for (const call of calls) {
    deps.emit({
      type: "tool-call",
      turnId,
      callId: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    });
    await yieldToEventLoop();
    const result = signal.aborted
      ? { output: "error: cancelled before the tool ran", isError: true }
      : await runToolCall(call, deps.tools, { ...deps.toolContext, signal }, deps.gate);
    // Image parts reach the session as a note until the media store keeps them (issue 28).
    const images = result.images?.length ?? 0;
    // Secrets out before anything keeps or shows it: the files, the log, the model, the events.
    const text = deps.redact(result.output);
    const whole = images > 0 ? `${text}\n[${images} image(s) returned]` : text;
    // Bounded before anything keeps it: the log, the index, the model and the event stream.
    const kept = await keepToolOutput(whole, call.id, {
      dir: deps.toolOutput.dir,
      keepBytes: deps.toolOutput.keepBytes,
      session: deps.store.sessionLog.sessionId,
      turnId,
    });
    const output = kept.text;
    deps.store.appendMessages([
      {
        ts: isoNow(deps.clock),
        role: "tool",
        content: output,
        toolCallId: call.id,
        meta: {
          turnId,
          tool: call.function.name,
          ...(kept.whole ? { toolOutput: kept.whole } : {}),
        },
      },
    ]);
    deps.emit({
      type: "tool-result",
      turnId,
      callId: call.id,
      name: call.function.name,
      output,
      isError: result.isError,
    });
  }
}
