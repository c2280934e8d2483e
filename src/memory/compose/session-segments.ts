// The segments of one session as the composer sees them, re-read after a write by reading only the
// rows that can have changed: reading all of them with their summaries took 0.8 s at 1M messages,
// after every write of the background worker. Reads the index; writes nothing.
import type { Segment } from "../../kernel/index.js";
import { hasSummary, type SegmentRepo } from "../../store/index.js";

/** Order of `segments.list`: by level, then position (unique per session and level). */
function compare(a: Segment, b: Segment): number {
  return a.level - b.level || a.seqStart - b.seqStart;
}

/** `list` with each row of `changes` (sorted by `compare`) put in place: replaced or inserted. */
function merged(list: readonly Segment[], changes: readonly Segment[]): Segment[] {
  const result: Segment[] = [];
  let next = 0;
  for (const segment of list) {
    let change = changes[next];
    while (change && compare(change, segment) < 0) {
      result.push(change);
      next += 1;
      change = changes[next];
    }
    if (change && compare(change, segment) === 0) {
      result.push(change);
      next += 1;
    } else result.push(segment);
  }
  for (; next < changes.length; next += 1) result.push(changes[next] as Segment);
  return result;
}

/**
 * Keeps the list a full read would return. A row changes only in three ways (segment-repo.ts):
 * it is inserted (a higher rowid than any before), a new rollup links it as a child (in the
 * rollup's own transaction), or its summary is written, which the pipeline does only for rows
 * whose summary is missing or a stand-in ("pending": new rows, the summary job's queue, and rows
 * markExtractiveStale just made pending). So a re-read takes the rows inserted since the last
 * read, the children of new rollups, the rows pending now and those pending at the last read;
 * all are indexed queries. A count that disagrees falls back to a full read.
 */
export class SessionSegments {
  private list: Segment[] | null = null;
  private lastRowid = 0;
  /** The rows pending at the last read, as read then. */
  private pending = new Map<string, Segment>();

  constructor(
    private readonly repo: SegmentRepo,
    readonly session: string,
  ) {}

  /** The session's segments as `store.segments.list` returns them now; a new array when changed. */
  read(): Segment[] {
    const repo = this.repo;
    const lastRowid = repo.lastRowid();
    const list = this.list ? this.changed(this.list) : null;
    this.list = list && list.length === repo.count(this.session) ? list : this.readAll();
    this.lastRowid = lastRowid;
    this.pending = new Map(this.list.filter(isPending).map((segment) => [segment.id, segment]));
    return this.list;
  }

  /** Every row, the summary texts read as the tiling reaches them (SegmentRepo.listLazily). */
  private readAll(): Segment[] {
    return this.repo.listLazily(this.session);
  }

  private changed(list: Segment[]): Segment[] {
    const repo = this.repo;
    const added = repo.listAfter(this.session, this.lastRowid);
    const changes = new Map<string, Segment>();
    for (const segment of added) changes.set(segment.id, segment);
    for (const rollup of added) {
      if (rollup.level === 0) continue;
      for (const child of repo.children(rollup.id)) changes.set(child.id, child);
    }
    const reread = repo.listPending(this.session);
    const pendingNow = new Set(reread.map((segment) => segment.id));
    for (const id of this.pending.keys()) {
      if (pendingNow.has(id)) continue;
      const segment = repo.get(id);
      if (segment) reread.push(segment);
    }
    for (const segment of reread) {
      const before = this.pending.get(segment.id);
      if (!changes.has(segment.id) && !(before && sameRow(before, segment)))
        changes.set(segment.id, segment);
    }
    if (changes.size === 0) return list;
    return merged(list, [...changes.values()].sort(compare));
  }
}

function sameRow(a: Segment, b: Segment): boolean {
  return (Object.keys(a) as Array<keyof Segment>).every((key) => a[key] === b[key]);
}

function isPending(segment: Segment): boolean {
  return !hasSummary(segment) || segment.stale;
}
