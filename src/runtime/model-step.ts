// One model step's bookkeeping, apart from the turn loop (run-turn.ts): its streamed call with
// the `model-call` event that says how it went, and its usage added to the turn's and recorded
// (the unattended budget and /metrics read the record).
import { type Clock, isoNow, type RuntimeEvent, type TurnKind } from "../kernel/index.js";
import type { ModelEvent } from "../model/index.js";
import type { StateRepo } from "../store/index.js";
import { usagePurpose } from "./turn-request.js";

type StepEnd = Extract<ModelEvent, { type: "response-end" }>;

/** The turn a step belongs to, as its usage record names it. */
export interface StepTurn {
  state: Pick<StateRepo, "recordUsage">;
  clock: Clock;
  turnId: string;
  kind: TurnKind;
}

/** One step's model call, streamed to subscribers; `model-call` says how it went. */
export async function streamStep(
  events: AsyncIterable<ModelEvent>,
  turnId: string,
  model: string,
  deps: { emit: (event: RuntimeEvent) => void; clock: Clock },
): Promise<StepEnd> {
  const started = deps.clock.now();
  let end: StepEnd | null = null;
  for await (const event of events) {
    if (event.type === "text-delta") deps.emit({ type: "text-delta", turnId, text: event.text });
    if (event.type === "response-end") {
      end = event;
      break;
    }
  }
  end ??= { type: "response-end", stopReason: "error", text: "", toolCalls: [] };
  deps.emit(modelCallEvent(turnId, model, deps.clock.now() - started, end));
  return end;
}

/** What `model-call` says of one step's call: its time, outcome and tokens. */
function modelCallEvent(turnId: string, model: string, ms: number, end: StepEnd): RuntimeEvent {
  const outcome =
    end.stopReason === "error" ? "error" : end.stopReason === "cancelled" ? "cancelled" : "ok";
  return {
    type: "model-call",
    turnId,
    model,
    ms,
    outcome,
    ...(end.usage ? { usage: end.usage } : {}),
    ...(end.error ? { errorCode: end.error.code } : {}),
  };
}

/** Adds a step's usage to the turn's, and records it (the unattended budget reads it). */
export function recordStepUsage(
  turn: StepTurn,
  model: string,
  usage: { inputTokens: number; outputTokens: number },
  step: StepEnd["usage"],
): void {
  if (!step) return;
  usage.inputTokens += step.inputTokens;
  usage.outputTokens += step.outputTokens;
  turn.state.recordUsage({
    ts: isoNow(turn.clock),
    turnId: turn.turnId,
    purpose: usagePurpose(turn.kind),
    model,
    inputTokens: step.inputTokens,
    outputTokens: step.outputTokens,
    cachedTokens: step.cachedTokens ?? 0,
  });
}
