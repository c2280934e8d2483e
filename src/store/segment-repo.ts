// Segments in kern.db. Tiling is enforced on insert (LESSONS #2): an L0 must start where the
// previous L0 ended, no two segments of a level overlap (SQL trigger), and a rollup parent must
// cover exactly its contiguous, parentless children of the level below.
import { type SegmentRow as ListedSegment, type Segment, StoreError } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";

export interface SegmentTableRow {
  id: string;
  session: string;
  level: number;
  seq_start: number;
  seq_end: number;
  parent_id: string | null;
  token_count: number;
  summary: string | null;
  summary_tokens: number;
  method: string | null;
  first_ts: string;
  last_ts: string;
  stale: number;
}

function toSegment(row: SegmentTableRow): Segment {
  return {
    id: row.id,
    session: row.session,
    level: row.level,
    seqStart: row.seq_start,
    seqEnd: row.seq_end,
    parentId: row.parent_id,
    tokenCount: row.token_count,
    summary: row.summary,
    summaryTokens: row.summary_tokens,
    method: row.method,
    firstTs: row.first_ts,
    lastTs: row.last_ts,
    stale: row.stale === 1,
  };
}

/** Segment ids derive from session, level and range, so re-planning the same range is a no-op. */
export function segmentId(
  session: string,
  level: number,
  seqStart: number,
  seqEnd: number,
): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < session.length; index += 1) {
    hash = Math.imul(hash ^ session.charCodeAt(index), 0x01000193) >>> 0;
  }
  return `seg-${hash.toString(36)}-L${level}-${seqStart}-${seqEnd}`;
}

/** The columns of a listing row: every column but the summary text (NULL in its place). */
export const LISTED_COLUMNS = `id, session, level, seq_start, seq_end, parent_id, token_count,
  NULL AS summary, summary_tokens, method, first_ts, last_ts, stale`;

/** A row read with LISTED_COLUMNS as listings show it (kern segments, GET /segments). */
export function toListedSegment(row: SegmentTableRow): ListedSegment {
  const { summary: _summary, session: _session, ...listed } = toSegment(row);
  return listed;
}

/** A segment without its summary text, only whether it has one: what the rollup planner reads. */
export type SegmentShape = Omit<Segment, "summary"> & { summarized: boolean };

const SHAPE_COLUMNS = `id, session, level, seq_start, seq_end, parent_id, token_count,
  summary IS NOT NULL AS summarized, summary_tokens, method, first_ts, last_ts, stale`;

function toShape(row: Omit<SegmentTableRow, "summary"> & { summarized: number }): SegmentShape {
  const { summary: _summary, ...shape } = toSegment({ ...row, summary: null });
  return { ...shape, summarized: row.summarized === 1 };
}

export type NewSegment = Omit<
  Segment,
  "summary" | "summaryTokens" | "method" | "stale" | "parentId"
>;

export class SegmentRepo {
  constructor(private readonly db: SqliteDatabase) {}

  /** End of the last L0 of the session (0 when none): where the next L0 must start. */
  levelEnd(session: string, level: number): number {
    const row = this.db
      .prepare("SELECT MAX(seq_end) AS top FROM segments WHERE session = ? AND level = ?")
      .get(session, level) as { top: number | null };
    return row.top ?? 0;
  }

  /** Inserts an L0 segment. Throws StoreError when it would leave a gap or overlap. */
  insertLeaf(segment: NewSegment): void {
    if (this.get(segment.id)) return; // ids are derived from the range: already there
    const end = this.levelEnd(segment.session, 0);
    if (segment.level !== 0 || segment.seqStart !== end) {
      throw new StoreError(
        "KERN_STORE_CORRUPT",
        `L0 segment ${segment.id} starts at ${segment.seqStart} but the tiling ends at ${end}`,
      );
    }
    this.insertRow(segment, null);
  }

  /**
   * Inserts a rollup over `childIds` and links the children, atomically. Idempotent: when the
   * children already have this parent set, nothing happens and the existing parent id is returned.
   */
  insertParent(segment: NewSegment, childIds: readonly string[]): string {
    return this.db.transaction(() => {
      if (this.get(segment.id)) return segment.id; // ids are derived from the range
      const children = childIds.map((id) => this.get(id));
      const first = children[0];
      if (!first) throw new StoreError("KERN_STORE_CORRUPT", "a rollup needs children");
      if (
        first.parentId !== null &&
        children.every((child) => child?.parentId === first.parentId)
      ) {
        return first.parentId;
      }
      children.forEach((child, index) => {
        const previous = children[index - 1];
        if (!child || child.level !== segment.level - 1 || child.parentId !== null) {
          throw new StoreError(
            "KERN_STORE_CORRUPT",
            `rollup child ${childIds[index]} is missing, of the wrong level or already has a parent`,
          );
        }
        if (previous && previous.seqEnd !== child.seqStart) {
          throw new StoreError(
            "KERN_STORE_CORRUPT",
            `rollup children ${previous.id} and ${child.id} are not contiguous`,
          );
        }
      });
      const last = children.at(-1) as Segment;
      if (segment.seqStart !== first.seqStart || segment.seqEnd !== last.seqEnd) {
        throw new StoreError(
          "KERN_STORE_CORRUPT",
          `rollup ${segment.id} range differs from its children`,
        );
      }
      this.insertRow(segment, null);
      const link = this.db.prepare("UPDATE segments SET parent_id = ? WHERE id = ?");
      for (const id of childIds) link.run(segment.id, id);
      return segment.id;
    })();
  }

  private insertRow(segment: NewSegment, parentId: string | null): void {
    try {
      this.db
        .prepare(
          `INSERT INTO segments (id, session, level, seq_start, seq_end, parent_id, token_count, first_ts, last_ts, stale)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
        )
        .run(
          segment.id,
          segment.session,
          segment.level,
          segment.seqStart,
          segment.seqEnd,
          parentId,
          segment.tokenCount,
          segment.firstTs,
          segment.lastTs,
        );
    } catch (error) {
      throw new StoreError(
        "KERN_STORE_CORRUPT",
        `segment ${segment.id} rejected: ${String(error)}`,
        { cause: error },
      );
    }
  }

  /** Records a summary; `stale` marks a stand-in (extractive) the model should redo. */
  setSummary(
    id: string,
    summary: { text: string; tokens: number; method: string; stale: boolean },
  ): void {
    this.db
      .prepare(
        "UPDATE segments SET summary = ?, summary_tokens = ?, method = ?, stale = ? WHERE id = ?",
      )
      .run(summary.text, summary.tokens, summary.method, summary.stale ? 1 : 0, id);
  }

  get(id: string): Segment | null {
    const row = this.db.prepare("SELECT * FROM segments WHERE id = ?").get(id) as
      | SegmentTableRow
      | undefined;
    return row ? toSegment(row) : null;
  }

  /** Whole rows of `SELECT * FROM segments WHERE ...` as segments. */
  private select(where: string, ...values: Array<string | number>): Segment[] {
    const rows = this.db.prepare(`SELECT * FROM segments WHERE ${where}`).all(...values);
    return (rows as SegmentTableRow[]).map(toSegment);
  }

  children(id: string): Segment[] {
    return this.select("parent_id = ? ORDER BY seq_start", id);
  }

  /** Every segment of a session, by level then position. */
  list(session: string): Segment[] {
    return this.select("session = ? ORDER BY level, seq_start", session);
  }

  /**
   * The session's parentless segments, by start (the higher level first at a tie): the top of the
   * tree, read from a partial index (a few hundred rows at a million messages).
   */
  roots(session: string): Segment[] {
    return this.select("session = ? AND parent_id IS NULL ORDER BY seq_start, level DESC", session);
  }

  /** The session's L0 segments, by start. */
  leaves(session: string): Segment[] {
    return this.select("session = ? AND level = 0 ORDER BY seq_start", session);
  }

  /** Starts of the session's L0 segments at or after `from`, ascending. */
  leafStartsFrom(session: string, from: number): number[] {
    return this.db
      .prepare(
        "SELECT seq_start FROM segments WHERE session = ? AND level = 0 AND seq_start >= ? ORDER BY seq_start",
      )
      .pluck()
      .all(session, from) as number[];
  }

  /** At most `limit` starts of the session's L0 segments before `before`, newest first. */
  leafStartsBefore(session: string, before: number, limit: number): number[] {
    return this.db
      .prepare(
        `SELECT seq_start FROM segments WHERE session = ? AND level = 0 AND seq_start < ?
          ORDER BY seq_start DESC LIMIT ?`,
      )
      .pluck()
      .all(session, before, limit) as number[];
  }

  /** Every segment of a session as listings show it (no summary text), by level then position. */
  listRows(session: string): ListedSegment[] {
    // Not SELECT *: at a million messages the summary texts were most of the 180 MB this read.
    return (
      this.db
        .prepare(
          `SELECT ${LISTED_COLUMNS} FROM segments WHERE session = ? ORDER BY level, seq_start`,
        )
        .all(session) as SegmentTableRow[]
    ).map(toListedSegment);
  }

  /**
   * What the rollup planner must see, without listing the whole tree: per level holding an
   * unparented segment, that level and the one above from the first unparented segment's start
   * on. Every run of unparented children, and every parent that could overlap one, is in it; the
   * rows of each level form a contiguous suffix of that level. By level, then position. Shapes,
   * not texts: an import's first pass sees every L0 here, and their summaries were 200 MB at a
   * million messages; `summaries` reads the texts of the children a plan takes.
   */
  rollupWindow(session: string): SegmentShape[] {
    const firsts = this.db
      .prepare(
        "SELECT level, MIN(seq_start) AS start FROM segments WHERE session = ? AND parent_id IS NULL GROUP BY level",
      )
      .all(session) as Array<{ level: number; start: number }>;
    const from = new Map<number, number>();
    for (const { level, start } of firsts) {
      for (const at of [level, level + 1]) from.set(at, Math.min(from.get(at) ?? start, start));
    }
    const statement = this.db.prepare(
      `SELECT ${SHAPE_COLUMNS} FROM segments WHERE session = ? AND level = ? AND seq_end > ?
        ORDER BY seq_start`,
    );
    return [...from]
      .sort(([a], [b]) => a - b)
      .flatMap(([level, start]) =>
        (statement.all(session, level, start) as Parameters<typeof toShape>[0][]).map(toShape),
      );
  }

  /** The summary texts of `ids`, in their order (null for a missing segment or summary). */
  summaries(ids: readonly string[]): Array<string | null> {
    const statement = this.db.prepare("SELECT summary FROM segments WHERE id = ?").pluck();
    return ids.map((id) => (statement.get(id) as string | null | undefined) ?? null);
  }

  /** Segments whose summary is missing or a stand-in, oldest first. */
  needingSummary(session: string, limit: number): Segment[] {
    return (
      this.db
        .prepare(
          "SELECT * FROM segments WHERE session = ? AND (summary IS NULL OR stale = 1) ORDER BY level, seq_start LIMIT ?",
        )
        .all(session, limit) as SegmentTableRow[]
    ).map(toSegment);
  }

  /**
   * Segments per level (`{ L0: 12, L1: 1 }`). `withoutSubagents` leaves out the sessions whose
   * log lives in a `subagents/` folder (`.kern/subagents/`: sub-agents' transcripts), so the
   * status counts the agent's own memory, not its helpers' (issue 48).
   */
  countsByLevel(options: { withoutSubagents?: boolean } = {}): Record<string, number> {
    const sql = options.withoutSubagents
      ? `SELECT level, COUNT(*) AS n FROM segments WHERE session NOT IN
           (SELECT id FROM sessions WHERE file LIKE '%/subagents/%' OR file LIKE 'subagents/%')
         GROUP BY level`
      : "SELECT level, COUNT(*) AS n FROM segments GROUP BY level";
    const rows = this.db.prepare(sql).all() as Array<{ level: number; n: number }>;
    return Object.fromEntries(rows.map((row) => [`L${row.level}`, row.n]));
  }

  staleCount(): number {
    return (
      this.db
        .prepare("SELECT COUNT(*) AS n FROM segments WHERE summary IS NULL OR stale = 1")
        .get() as { n: number }
    ).n;
  }
}
