// Reading and writing a session's working memory: the markdown goes to the memory log FIRST, then
// into kern.db (StateRepo), under one timestamp, so reindex restores the record exactly.
import { type Clock, isoNow } from "../../kernel/index.js";
import type { AgentStore } from "../../store/index.js";
import { parseWorkingMemory, renderWorkingMemory } from "./working-memory-markdown.js";
import type { WorkingMemoryState } from "./working-memory-state.js";

/** A session's working memory as `kern memory --json` and the web Memory view show it. */
export interface WorkingMemoryView {
  session: string;
  updatedAt: string;
  /** `rules` or `llm:<model>`: what made the last update. */
  method: string;
  /** The session seq the working memory has seen up to (exclusive). */
  seqEnd: number;
  /** The markdown injected as `<working_memory>`. */
  content: string;
  state: WorkingMemoryState;
}

/** The stored working memory of `session`, with its parsed state; null before the first update. */
export function readWorkingMemory(store: AgentStore, session: string): WorkingMemoryView | null {
  const record = store.state.workingMemory(session);
  return record ? { ...record, state: parseWorkingMemory(record.content) } : null;
}

export interface WorkingMemoryWrite {
  session: string;
  state: WorkingMemoryState;
  method: string;
  seqEnd: number;
}

/** Records an update: `working-memory-write` in the memory log, then the StateRepo row. */
export function writeWorkingMemory(
  store: AgentStore,
  clock: Clock,
  write: WorkingMemoryWrite,
): WorkingMemoryView {
  const content = renderWorkingMemory(write.state);
  const ts = isoNow(clock);
  store.memoryLog.append([
    {
      type: "working-memory-write",
      ts,
      session: write.session,
      content,
      method: write.method,
      seqEnd: write.seqEnd,
    },
  ]);
  const record = { session: write.session, content, method: write.method, seqEnd: write.seqEnd };
  store.state.setWorkingMemory({ ...record, updatedAt: ts });
  return { ...record, updatedAt: ts, state: parseWorkingMemory(content) };
}
