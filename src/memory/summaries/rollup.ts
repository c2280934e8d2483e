// Plans rollups: every `fanout` contiguous summarized segments of level k get one level k+1
// parent (SPEC §4). Pure: no I/O; the memory worker summarizes and writes each planned parent.
import { KernError, type Segment } from "../../kernel/index.js";

/** What planning reads of a segment: where it lies, its parent, whether it is summarized. */
export type RollupCandidate = Pick<Segment, "id" | "level" | "seqStart" | "seqEnd" | "parentId"> & {
  summarized: boolean;
};

export interface PlanRollupsOptions {
  /** Segments of one session, any level, any order (the store's rollup window suffices). */
  segments: ReadonlyArray<RollupCandidate>;
  /** Children per parent (config `rollupFanout`, 10). */
  fanout: number;
}

export interface PlannedRollup {
  /** Level of the parent to write (children are one level below). */
  level: number;
  /** Children oldest first; exactly `fanout` of them, contiguous. */
  childIds: string[];
  seqStart: number;
  /** Exclusive. */
  seqEnd: number;
}

function byLevel(segments: ReadonlyArray<RollupCandidate>): Map<number, RollupCandidate[]> {
  const levels = new Map<number, RollupCandidate[]>();
  for (const segment of segments) {
    const list = levels.get(segment.level) ?? [];
    list.push(segment);
    levels.set(segment.level, list);
  }
  for (const list of levels.values()) list.sort((a, b) => a.seqStart - b.seqStart);
  return levels;
}

function overlaps(
  segments: ReadonlyArray<RollupCandidate>,
  seqStart: number,
  seqEnd: number,
): boolean {
  return segments.some((segment) => segment.seqStart < seqEnd && seqStart < segment.seqEnd);
}

/** Groups of one level: runs of unparented, summarized, contiguous children, `fanout` at a time. */
function planLevel(
  children: ReadonlyArray<RollupCandidate>,
  parents: ReadonlyArray<RollupCandidate>,
  fanout: number,
): PlannedRollup[] {
  const planned: PlannedRollup[] = [];
  let run: RollupCandidate[] = [];
  for (const child of children) {
    // An unsummarized child ends planning for this level: grouping past it would strand the
    // children before it in a run that can never fill up, leaving a hole in the level above.
    if (!child.summarized) break;
    const previous = run[run.length - 1];
    if (child.parentId !== null || (previous && previous.seqEnd !== child.seqStart)) run = [];
    if (child.parentId !== null) continue;
    run.push(child);
    if (run.length < fanout) continue;
    const seqStart = run[0]?.seqStart ?? child.seqStart;
    // A parent that already covers any of this range is never duplicated (LESSONS #4). Children
    // lose no link in kern (insertParent links them in the parent's transaction).
    if (!overlaps(parents, seqStart, child.seqEnd)) {
      const childIds = run.map((segment) => segment.id);
      planned.push({ level: child.level + 1, childIds, seqStart, seqEnd: child.seqEnd });
    }
    run = [];
  }
  return planned;
}

/**
 * The rollup parents to create now, for every level whose children exist now (a parent planned
 * here becomes a child only on the next call: the worker calls again until nothing is planned).
 * Children are grouped only when contiguous (child[i].seqEnd === child[i+1].seqStart), unparented
 * and summarized; a gap or an already parented child starts a new run (LESSONS #2). Idempotent:
 * no group whose range any existing parent overlaps is ever planned twice. Lowest level first.
 */
export function planRollups(options: PlanRollupsOptions): PlannedRollup[] {
  if (!Number.isInteger(options.fanout) || options.fanout < 2) {
    throw new KernError(
      "KERN_INTERNAL",
      `planRollups: fanout must be an integer ≥ 2, got ${options.fanout}`,
    );
  }
  const levels = byLevel(options.segments);
  const planned: PlannedRollup[] = [];
  for (const level of [...levels.keys()].sort((a, b) => a - b)) {
    const children = levels.get(level) ?? [];
    planned.push(...planLevel(children, levels.get(level + 1) ?? [], options.fanout));
  }
  return planned;
}
