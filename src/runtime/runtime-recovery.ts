// What a runtime does at start after a crash or a stop: close the tool calls of a turn the crash
// interrupted (no orphan call ever reaches a provider), and find the accepted turns that never ran.
import type { Clock } from "../kernel/index.js";
import { isoNow } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { AgentStore, QueuedTurnEntry, TurnQueueFile } from "../store/index.js";
import { planInterruptedToolResults } from "./close-interrupted-turn.js";

/** Appends a tool result for every call of the interrupted turn that has none (and fsyncs). */
export function closeInterruptedTurn(options: {
  store: AgentStore;
  clock: Clock;
  logger: Logger;
}): void {
  const { store } = options;
  const end = store.sessionLog.nextSeq;
  const tail = store.messages.range(store.sessionLog.sessionId, Math.max(0, end - 50), end);
  const closing = planInterruptedToolResults(tail, isoNow(options.clock));
  if (closing.length === 0) return;
  store.appendMessages(closing);
  store.sync();
  options.logger.warn({ closed: closing.length }, "closed tool calls of an interrupted turn");
}

/**
 * The turns accepted before the last stop or crash that never ran, in order. A turn whose user
 * message is in the log already started (a crash cut it short): it is marked done, not re-run.
 */
export function turnsToReplay(queueFile: TurnQueueFile, store: AgentStore): QueuedTurnEntry[] {
  if (queueFile.pending.length === 0) return [];
  const end = store.sessionLog.nextSeq;
  const started = new Set(
    store.messages
      .range(store.sessionLog.sessionId, Math.max(0, end - 500), end)
      .map((message) => message.meta?.turnId),
  );
  const replay: QueuedTurnEntry[] = [];
  for (const entry of queueFile.pending) {
    if (started.has(entry.turnId)) queueFile.done(entry.turnId);
    else replay.push(entry);
  }
  return replay;
}
