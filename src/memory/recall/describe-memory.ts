// The `describe` view (SPEC §6): what memory holds (segments per level, coverage, staleness,
// vectors), when it last ran and what the last composed prompt held. Reads the index only.
import type { ContextReport, MemoryState } from "../../kernel/index.js";
import type { AgentStore } from "../../store/index.js";

export interface SessionCoverage {
  session: string;
  messages: number;
  /** Messages inside an L0 segment. */
  covered: number;
  /** covered / messages as a percentage (100 for an empty session). */
  coverage: number;
}

export interface MemoryDescription {
  state: MemoryState;
  /** Segments per level (`L0`, `L1`, …) over all sessions. */
  segments: Record<string, number>;
  /** Segments per summary method (`extractive`, `llm:<model>`, `none`). */
  methods: Record<string, number>;
  sessions: SessionCoverage[];
  vectors: { count: number; pending: number };
  /** The last composed prompt of the active session; null before the first compose. */
  inContext: Pick<ContextReport, "trimmedCount" | "window" | "segmentIds" | "tokens"> | null;
}

/** Reads the description. `inContext` and `state` come from the engine. */
export function describeMemory(
  store: AgentStore,
  extra: { state: MemoryState; lastContext: ContextReport | null },
): MemoryDescription {
  const methods: Record<string, number> = {};
  const sessions = store.messages.sessionIds().map((session) => {
    const messages = store.messages.nextSeq(session);
    for (const segment of store.segments.list(session)) {
      const method = segment.method ?? "none";
      methods[method] = (methods[method] ?? 0) + 1;
    }
    const covered = store.segments.levelEnd(session, 0);
    const coverage = messages === 0 ? 100 : Math.round((covered / messages) * 1000) / 10;
    return { session, messages, covered, coverage };
  });
  const last = extra.lastContext;
  return {
    state: extra.state,
    segments: store.segments.countsByLevel(),
    methods,
    sessions,
    vectors: { count: store.vectors.count(), pending: store.vectors.pendingCount() },
    inContext: last
      ? {
          trimmedCount: last.trimmedCount,
          window: last.window,
          segmentIds: last.segmentIds,
          tokens: last.tokens,
        }
      : null,
  };
}

/** The description as plain text, for the `describe` tool and chat commands. */
export function renderMemoryDescription(description: MemoryDescription): string {
  const { state, vectors, inContext } = description;
  const levels = Object.entries(description.segments)
    .map(([level, count]) => `${level} ${count}`)
    .join(", ");
  const methods = Object.entries(description.methods)
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");
  const lines = [
    `Memory worker: ${state.status}, ${state.pendingJobs} pending; last run ${state.lastRunAt ?? "never"}${state.lastError ? `; last error: ${state.lastError}` : ""}`,
    `Segments: ${levels || "none"}${methods ? ` (summaries: ${methods})` : ""}; ${state.staleSegments} awaiting a model summary`,
    `Vectors: ${vectors.count} stored, ${vectors.pending} pending`,
    ...description.sessions.map(
      (session) =>
        `Session ${session.session}: ${session.messages} messages, ${session.covered} in L0 segments (${session.coverage}%)`,
    ),
  ];
  if (inContext) {
    lines.push(
      `In context: messages ${inContext.window.seqStart}-${inContext.window.seqEnd - 1} verbatim, ${inContext.trimmedCount} trimmed and covered by ${inContext.segmentIds.length} summaries; tokens system ${inContext.tokens.system}, summary ${inContext.tokens.summary}, messages ${inContext.tokens.messages}, total ${inContext.tokens.total}`,
    );
  } else lines.push("In context: nothing composed yet");
  return lines.join("\n");
}
