// The memory pipeline's working-memory job (SPEC §4): after a turn, reads what the working
// memory has not seen, applies the rules to each exchange, asks the keeper model (when one is
// configured and the breaker allows) to update it from the latest exchange, and records the
// result. Runs in the background worker only: no turn ever waits for it.

import type { PipelineContext, SummaryModel } from "../pipeline-context.js";
import { recordModelUsage } from "../summaries/summary-model.js";
import { callWorkingMemoryKeeper, observationFromKeeper } from "./working-memory-keeper.js";
import { renderWorkingMemory } from "./working-memory-markdown.js";
import {
  applyObservation,
  planWorkingMemoryUpdate,
  type WorkingMemoryPlan,
} from "./working-memory-planner.js";
import { emptyWorkingMemoryState, type WorkingMemoryState } from "./working-memory-state.js";
import {
  readWorkingMemory,
  type WorkingMemoryView,
  writeWorkingMemory,
} from "./working-memory-store.js";

/**
 * When the working memory is far behind (an import, the feature switched on late), the rules read
 * everything older than the last this many user turns first, CATCH_UP_CHUNK messages at a time
 * (decisions and preferences from the whole history, issue 15); the last turns then get the
 * normal update, the keeper model's included.
 */
export const MAX_CATCH_UP_TURNS = 50;
/** Messages loaded at once by the rules-only catch-up: bounds its memory on a 100k import. */
const CATCH_UP_CHUNK = 2_000;

interface Update {
  state: WorkingMemoryState;
  method: string;
}

/** Where reading starts: `from`, or the user turn MAX_CATCH_UP_TURNS back when far behind. */
function catchUpStart(userSeqs: readonly number[], from: number): number {
  const pending = userSeqs.filter((seq) => seq >= from);
  return pending.length > MAX_CATCH_UP_TURNS
    ? (pending[pending.length - MAX_CATCH_UP_TURNS] ?? from)
    : from;
}

/** The keeper model's update of the last exchange; null = keep the rules' (logged). */
async function keeperUpdate(
  context: PipelineContext,
  model: SummaryModel,
  plan: WorkingMemoryPlan,
  userSeqs: readonly number[],
): Promise<Update | null> {
  const { breaker, logger } = context;
  if (!plan.last || context.signal.aborted || !breaker.tryAcquire()) return null;
  const log = logger.child({ job: "working-memory" });
  try {
    const result = await callWorkingMemoryKeeper({
      model,
      workingMemory: renderWorkingMemory(plan.beforeLast),
      exchange: plan.last.messages,
      signal: AbortSignal.any([
        context.signal,
        AbortSignal.timeout(context.config.summaryTimeoutMs),
      ]),
    });
    breaker.recordSuccess();
    recordModelUsage(context.store, context.clock, {
      model: model.model,
      purpose: "working-memory",
      usage: result.usage,
    });
    if (!result.output) {
      log.warn(
        { seq: plan.last.observation.seq },
        "keeper reply unusable; the rules' update stays",
      );
      return null;
    }
    const observation = observationFromKeeper(result.output, plan.last.observation);
    return {
      state: applyObservation(plan.beforeLast, observation, userSeqs),
      method: `llm:${model.model}`,
    };
  } catch (error) {
    if (context.signal.aborted) return null;
    breaker.recordFailure();
    log.warn(
      { error: String(error), breaker: breaker.state },
      "keeper failed; the rules' update stays",
    );
    return null;
  }
}

/**
 * Brings the active session's working memory up to the newest message. Returns the written view,
 * or null when it is switched off or already current. Throws only on a store failure (the worker
 * logs it and carries on); a model failure falls back to the rules.
 */
export async function runWorkingMemoryJob(
  context: PipelineContext,
): Promise<WorkingMemoryView | null> {
  const { store, config } = context;
  if (!config.workingMemory) return null;
  const session = store.sessionLog.sessionId;
  const record = readWorkingMemory(store, session);
  const from = record?.seqEnd ?? 0;
  const end = store.messages.nextSeq(session);
  if (end <= from) return null;
  const previous = record?.state ?? emptyWorkingMemoryState();
  const oldest = Math.min(from, ...previous.context.map((item) => item.lastSeq));
  // Only the user turns' seqs: a row object per message was ~150 MB at a million messages.
  const userSeqs = store.messages.userSeqs(session, oldest, end);
  const start = catchUpStart(userSeqs, from);
  let state = previous;
  for (let chunk = from; chunk < start && !context.signal.aborted; chunk += CATCH_UP_CHUNK) {
    const messages = store.messages.range(session, chunk, Math.min(start, chunk + CATCH_UP_CHUNK));
    state = planWorkingMemoryUpdate({ state, messages, userSeqs }).state;
  }
  const plan = planWorkingMemoryUpdate({
    state,
    messages: store.messages.range(session, start, end),
    userSeqs,
  });
  const model = context.summaryModel;
  const update = (model && (await keeperUpdate(context, model, plan, userSeqs))) || {
    state: plan.state,
    method: "rules",
  };
  const view = writeWorkingMemory(store, context.clock, { session, ...update, seqEnd: end });
  context.onWrite();
  return view;
}
