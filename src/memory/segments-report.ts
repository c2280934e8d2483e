// The segment listing `kern segments` and GET /segments show: rows without summary text or
// session. Reads the store only, so the read-only CLI path uses it without the memory engine.
import type { Segment, SegmentRow, SegmentsReport } from "../kernel/index.js";
import type { AgentStore } from "../store/index.js";

/** A segment without its summary text and session: what listings show. */
export function toSegmentRow(segment: Segment): SegmentRow {
  const { summary: _summary, session: _session, ...row } = segment;
  return row;
}

/** The segments of `session` (default: the active one), oldest first as the store lists them. */
export function segmentsReport(store: AgentStore, session?: string): SegmentsReport {
  const id = session ?? store.sessionLog.sessionId;
  return { session: id, segments: store.segments.listRows(id) };
}
