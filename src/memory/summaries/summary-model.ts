// The one model call of a summary (SG-11): a prepared request in, a non-empty summary body out.
// Deciding what to summarize and saving the result happen elsewhere.
import { type Clock, isoNow, ModelError, type TokenUsage } from "../../kernel/index.js";
// model-client.js, not model/index.js: the index loads the openai SDK, which a read-only command
// that opens the memory engine (kern segments, recall) must not pay for.
import { type CollectedResponse, collectResponse } from "../../model/model-client.js";
import type { AgentStore, UsageRecord } from "../../store/index.js";
import type { SummaryModel } from "../pipeline-context.js";
import type { SummaryRequest } from "./summary-prompt.js";

export interface CallSummaryModelOptions {
  model: SummaryModel;
  request: SummaryRequest;
  signal: AbortSignal;
  /** Turns the raw reply into the summary body; null means the model gave nothing usable. */
  parse: (text: string) => string | null;
}

export interface SummaryModelResult {
  text: string;
  usage: TokenUsage | undefined;
}

/** One background call (summary, rollup, keeper): a system and a user message, no tools. */
export function collectBackgroundResponse(options: {
  model: SummaryModel;
  request: SummaryRequest;
  temperature: number;
  signal: AbortSignal;
}): Promise<CollectedResponse> {
  const { model, request } = options;
  return collectResponse(
    model.client,
    {
      model: model.model,
      messages: [
        { role: "system", content: request.system },
        { role: "user", content: request.user },
      ],
      maxOutputTokens: request.maxOutputTokens,
      temperature: options.temperature,
    },
    options.signal,
  );
}

/**
 * Runs one summary request. Throws ModelError on any failure, including an empty (or
 * unparseable) reply, which reasoning models produce when starved of tokens (LESSONS #7): an
 * empty summary is a failure, never a summary.
 */
export async function callSummaryModel(
  options: CallSummaryModelOptions,
): Promise<SummaryModelResult> {
  const { model, request, signal } = options;
  const response = await collectBackgroundResponse({ model, request, temperature: 0.2, signal });
  const text = (options.parse(response.text) ?? "").trim();
  if (text.length === 0) {
    throw new ModelError(
      "KERN_MODEL_BAD_RESPONSE",
      `summary model ${model.model} returned an empty summary (stop reason ${response.stopReason}); a reasoning model may need a larger output budget, or set summaryModel in .kern/config.json`,
    );
  }
  return { text, usage: response.usage };
}

/** Records one memory model call and its token usage (zeros when the endpoint reported none). */
export function recordModelUsage(
  store: AgentStore,
  clock: Clock,
  options: { model: string; purpose: UsageRecord["purpose"]; usage: TokenUsage | undefined },
): void {
  store.state.recordUsage({
    ts: isoNow(clock),
    turnId: null,
    purpose: options.purpose,
    model: options.model,
    inputTokens: options.usage?.inputTokens ?? 0,
    outputTokens: options.usage?.outputTokens ?? 0,
    cachedTokens: options.usage?.cachedTokens ?? 0,
  });
}
