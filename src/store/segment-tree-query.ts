// The segment tree as a terminal draws it (kernel SegmentTree), read with indexed queries: the
// parentless segments (a partial index), their children and grandchild counts (by parent) and
// the counts per level (a covering index). `listRows` reads every segment: 1 s of `kern
// segments` at a million messages, to draw ~300 lines.
import type { SegmentTree } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";
import { LISTED_COLUMNS, type SegmentTableRow, toListedSegment } from "./segment-repo.js";

/** The top of `session`'s segment tree with the level below it, ordered by level and start. */
export function readSegmentTree(db: SqliteDatabase, session: string): SegmentTree {
  const roots = (
    db
      .prepare(`SELECT ${LISTED_COLUMNS} FROM segments WHERE session = ? AND parent_id IS NULL`)
      .all(session) as SegmentTableRow[]
  ).map(toListedSegment);
  const children = db.prepare(`SELECT ${LISTED_COLUMNS} FROM segments WHERE parent_id = ?`);
  const count = db.prepare("SELECT COUNT(*) AS n FROM segments WHERE parent_id = ?");
  const countOf = (id: string) => (count.get(id) as { n: number }).n;
  const rows = [...roots];
  const childCounts: Record<string, number> = {};
  for (const root of roots) {
    const kids = (children.all(root.id) as SegmentTableRow[]).map(toListedSegment);
    if (kids.length > 0) childCounts[root.id] = kids.length;
    for (const kid of kids) {
      rows.push(kid);
      const below = kid.level > 0 ? countOf(kid.id) : 0;
      if (below > 0) childCounts[kid.id] = below;
    }
  }
  const levelCounts = db
    .prepare(
      "SELECT level, COUNT(*) AS count FROM segments WHERE session = ? GROUP BY level ORDER BY level",
    )
    .all(session) as Array<{ level: number; count: number }>;
  rows.sort((a, b) => a.level - b.level || a.seqStart - b.seqStart);
  return { session, levelCounts, rows, childCounts };
}
