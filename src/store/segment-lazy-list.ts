// A session's segments with their summary texts read on first use: the composer walks the whole
// tree's shape but renders a few hundred summaries, and reading all 43,000 texts of a 1M-message
// history (with their garbage) was most of its first compose (1.1 s of 1.4 s). Reads kern.db.
import type { Segment } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";

/** Set on segments whose text is read lazily: whether the row holds a summary. */
const HAS_SUMMARY = Symbol("hasSummary");

interface ShapeRow {
  id: string;
  session: string;
  level: number;
  seq_start: number;
  seq_end: number;
  parent_id: string | null;
  token_count: number;
  has_summary: number;
  summary_tokens: number;
  method: string | null;
  first_ts: string;
  last_ts: string;
  stale: number;
}

/**
 * Every segment of `session`, by level then position, as `SegmentRepo.list` returns them, except
 * that `summary` is a getter reading the text on first access (then kept). A summary is written
 * once per pending row and the composer re-reads pending rows after each write, so a text read
 * later is the text of the row as listed.
 */
export function listSegmentsLazily(db: SqliteDatabase, session: string): Segment[] {
  const rows = db
    .prepare(
      `SELECT id, session, level, seq_start, seq_end, parent_id, token_count,
              summary IS NOT NULL AS has_summary, summary_tokens, method, first_ts, last_ts, stale
         FROM segments WHERE session = ? ORDER BY level, seq_start`,
    )
    .all(session) as ShapeRow[];
  const text = db.prepare("SELECT summary FROM segments WHERE id = ?").pluck();
  return rows.map((row) => {
    const segment = {
      id: row.id,
      session: row.session,
      level: row.level,
      seqStart: row.seq_start,
      seqEnd: row.seq_end,
      parentId: row.parent_id,
      tokenCount: row.token_count,
      summary: null,
      summaryTokens: row.summary_tokens,
      method: row.method,
      firstTs: row.first_ts,
      lastTs: row.last_ts,
      stale: row.stale === 1,
    } as Segment;
    Object.defineProperty(segment, HAS_SUMMARY, { value: row.has_summary === 1 });
    if (row.has_summary === 1) {
      let summary: string | null | undefined;
      Object.defineProperty(segment, "summary", {
        enumerable: true,
        get: () => {
          summary ??= text.get(row.id) as string | null;
          return summary;
        },
      });
    }
    return segment;
  });
}

/** Whether a segment holds a summary, without reading a lazily listed one's text. */
export function hasSummary(segment: Segment): boolean {
  const known = (segment as { [HAS_SUMMARY]?: boolean })[HAS_SUMMARY];
  return known ?? segment.summary !== null;
}
