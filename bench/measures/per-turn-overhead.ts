// Per-turn overhead of the memory worker: after one whole turn is appended to the history, the
// time of the incremental run the daemon schedules (embed, segment when due, summarize, roll up).
import type { NewMessage } from "../../src/kernel/index.js";
import type { MemoryEngine } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";
import { summarizeLatencies } from "../support/stats.js";

/** Schedules an incremental run (as the runtime does after a turn) and waits for it to end. */
function runScheduled(memory: MemoryEngine): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | null = null;
    unsubscribe = memory.onUpdate((state) => {
      if (state.status !== "idle" || state.pendingJobs > 0) return;
      unsubscribe?.();
      resolve();
    });
    memory.schedule();
  });
}

export interface PerTurnOverheadOptions {
  memory: MemoryEngine;
  store: AgentStore;
  turns: readonly NewMessage[][];
}

export async function measurePerTurnOverhead(options: PerTurnOverheadOptions) {
  const { memory, store } = options;
  const session = store.sessionLog.sessionId;
  const segmentsBefore = store.segments.list(session).filter((s) => s.level === 0).length;
  const samples: number[] = [];
  for (const turn of options.turns) {
    store.appendMessages(turn);
    store.sync();
    const started = performance.now();
    await runScheduled(memory);
    samples.push(performance.now() - started);
  }
  const segmentsAfter = store.segments.list(session).filter((s) => s.level === 0).length;
  return { latency: summarizeLatencies(samples), segmentsClosed: segmentsAfter - segmentsBefore };
}
