// The memory pipeline's writers: each record goes to the memory log FIRST, then into the index.
// Segment ids derive from their range, so a crash between the two is healed on resume (the log
// entry is replayed) and never leaves a duplicate (LESSONS #2, #4).
import { type Clock, isoNow, type Segment } from "../kernel/index.js";
import {
  type AgentStore,
  applyMemoryEntries,
  type MemoryEntry,
  type NewSegment,
  type SummaryWriteEntry,
} from "../store/index.js";
import type { PipelineContext } from "./pipeline-context.js";
import { countTokens } from "./text/count-tokens.js";

/**
 * Records a new segment: `segment-close` in the memory log, then the index row (an L0 when
 * `childIds` is empty, else a rollup parent over them). Throws StoreError when the index refuses
 * it (a tiling violation); the log line then stays and `doctor` reports the drift.
 */
export function closeSegment(
  store: AgentStore,
  clock: Clock,
  segment: NewSegment,
  childIds: readonly string[] = [],
): void {
  store.memoryLog.append([
    {
      type: "segment-close",
      ts: isoNow(clock),
      ...segment,
      ...(childIds.length > 0 ? { childIds: [...childIds] } : {}),
    },
  ]);
  if (childIds.length > 0) store.segments.insertParent(segment, childIds);
  else store.segments.insertLeaf(segment);
}

export interface SummaryWrite {
  segmentId: string;
  /** The summary body (bullets), without the `<summary>` wrapper. */
  text: string;
  method: string;
  /** A stand-in the model should redo. */
  stale: boolean;
}

/** Records a summary: `summary-write` in the memory log, then the segment's row. */
export function writeSummary(store: AgentStore, clock: Clock, write: SummaryWrite): void {
  const summaryTokens = countTokens(write.text);
  store.memoryLog.append([
    {
      type: "summary-write",
      ts: isoNow(clock),
      segmentId: write.segmentId,
      summary: write.text,
      summaryTokens,
      method: write.method,
      stale: write.stale,
    },
  ]);
  store.segments.setSummary(write.segmentId, {
    text: write.text,
    tokens: summaryTokens,
    method: write.method,
    stale: write.stale,
  });
}

/**
 * The instant extractive summary of a new segment (L0 or rollup): stale when a summary model is
 * configured, so the summary job replaces it; tells the engine something changed.
 */
export function writeExtractiveSummary(
  context: Pick<PipelineContext, "store" | "clock" | "summaryModel" | "onWrite">,
  segmentId: string,
  text: string,
): void {
  const stale = context.summaryModel !== null;
  writeSummary(context.store, context.clock, { segmentId, text, method: "extractive", stale });
  context.onWrite();
}

/**
 * Memory log entries the index lacks: segments never inserted, and the latest summary of a
 * segment when the index holds a different one (a crash between log append and index write).
 * Pure.
 */
export function entriesMissingFromIndex(
  entries: readonly MemoryEntry[],
  indexed: ReadonlyMap<string, Segment>,
): MemoryEntry[] {
  const missing: MemoryEntry[] = [];
  const missingIds = new Set<string>();
  const lastSummary = new Map<string, SummaryWriteEntry>();
  for (const entry of entries) {
    if (entry.type === "segment-close" && !indexed.has(entry.id)) {
      missing.push(entry);
      missingIds.add(entry.id);
    } else if (entry.type === "summary-write") lastSummary.set(entry.segmentId, entry);
  }
  for (const [id, entry] of lastSummary) {
    const segment = indexed.get(id);
    const differs =
      segment && (segment.summary !== entry.summary || segment.method !== entry.method);
    if (missingIds.has(id) || differs) missing.push(entry);
  }
  return missing;
}

/**
 * Heals a crash between a memory-log append and its index write: replays what the index lacks.
 * The worker appends to the log, then writes the index, in order, so only the log's newest
 * entries can be missing: it reads back from the end to the newest entry the index holds (not the
 * whole log, which at a year's history took seconds at every start; issue 32). Idempotent
 * (segment ids derive from ranges). Returns the number of entries applied.
 */
export function healIndexFromLog(store: AgentStore): number {
  const newestSeen = new Set<string>();
  // Every segment the tail names, read once: the stop test and entriesMissingFromIndex share it.
  const indexed = new Map<string, Segment>();
  const tail = store.memoryLog.readNewestUntil((entry) => {
    const id = segmentOf(entry);
    if (id === null) return false;
    const key = `${entry.type}:${id}`;
    if (newestSeen.has(key)) return false; // an older write, superseded by one already read
    newestSeen.add(key);
    const segment = indexed.get(id) ?? store.segments.get(id);
    if (segment) indexed.set(id, segment);
    return isIndexed(entry, segment);
  });
  const missing = entriesMissingFromIndex(tail, indexed);
  if (missing.length === 0) return 0;
  const applied = applyMemoryEntries(store.db, missing);
  return missing.length - applied.skippedEntries;
}

function segmentOf(entry: MemoryEntry): string | null {
  if (entry.type === "segment-close") return entry.id;
  return entry.type === "summary-write" ? entry.segmentId : null;
}

/** The index holds this entry's write (the latest one for its segment). */
function isIndexed(entry: MemoryEntry, segment: Segment | null): boolean {
  if (segment === null) return false;
  if (entry.type !== "summary-write") return true;
  return segment.summary === entry.summary && segment.method === entry.method;
}

/**
 * When a summary model is configured, extractive summaries written while there was none become
 * stand-ins again (SPEC §4: "those are re-summarized by the model later"). Only the index flag
 * changes: the log keeps what was written, and this runs again after a reindex. Returns the count.
 */
export function markExtractiveStale(store: AgentStore): number {
  let marked = 0;
  for (const session of store.messages.sessionIds()) {
    for (const segment of store.segments.list(session)) {
      if (segment.stale || segment.summary === null || segment.method !== "extractive") continue;
      store.segments.setSummary(segment.id, {
        text: segment.summary,
        tokens: segment.summaryTokens,
        method: segment.method,
        stale: true,
      });
      marked += 1;
    }
  }
  return marked;
}
