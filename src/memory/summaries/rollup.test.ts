import { describe, expect, it } from "vitest";
import type { Segment } from "../../kernel/index.js";
import { type PlannedRollup, planRollups, type RollupCandidate } from "./rollup.js";

function aSegment(
  level: number,
  seqStart: number,
  seqEnd: number,
  extra: Partial<Segment> = {},
): Segment {
  return {
    id: `L${level}:${seqStart}-${seqEnd}`,
    session: "s1",
    level,
    seqStart,
    seqEnd,
    parentId: null,
    tokenCount: 1_000,
    summary: `- summary of ${seqStart}-${seqEnd}`,
    summaryTokens: 10,
    method: "extractive",
    firstTs: "2026-04-02T06:09:27.043Z",
    lastTs: "2026-04-02T07:15:33.891Z",
    stale: false,
    ...extra,
  };
}

/** `count` contiguous L0 segments of 10 messages each, from seq `from`. */
function leaves(count: number, from = 0): Segment[] {
  return Array.from({ length: count }, (_, index) =>
    aSegment(0, from + index * 10, from + index * 10 + 10),
  );
}

/** What the planner reads of each segment. */
function candidates(segments: Segment[]): RollupCandidate[] {
  return segments.map((segment) => ({ ...segment, summarized: segment.summary !== null }));
}

/** What the worker does with a plan: insert the summarized parent and link its children. */
function insert(segments: Segment[], planned: PlannedRollup[]): Segment[] {
  const parents = new Map<string, string>();
  const added = planned.map((plan) => {
    const parent = aSegment(plan.level, plan.seqStart, plan.seqEnd);
    for (const childId of plan.childIds) parents.set(childId, parent.id);
    return parent;
  });
  const linked = segments.map((segment) => {
    const parentId = parents.get(segment.id);
    return parentId ? { ...segment, parentId } : segment;
  });
  return [...linked, ...added];
}

describe("planRollups", () => {
  it("groups 25 leaves into 2 parents of 10 and leaves 5 waiting", () => {
    const planned = planRollups({ segments: candidates(leaves(25)), fanout: 10 });
    expect(planned).toEqual([
      { level: 1, childIds: leaves(10).map((segment) => segment.id), seqStart: 0, seqEnd: 100 },
      {
        level: 1,
        childIds: leaves(10, 100).map((segment) => segment.id),
        seqStart: 100,
        seqEnd: 200,
      },
    ]);
  });

  it("builds 100 leaves into 10 L1 and 1 L2 over repeated calls, then plans nothing", () => {
    let segments = leaves(100);
    const rounds: number[][] = [];
    for (let round = 0; round < 10; round += 1) {
      const planned = planRollups({ segments: candidates(segments), fanout: 10 });
      if (planned.length === 0) break;
      rounds.push(planned.map((plan) => plan.level));
      segments = insert(segments, planned);
    }
    expect(rounds).toEqual([Array(10).fill(1), [2]]);
    expect(segments.filter((segment) => segment.level === 1)).toHaveLength(10);
    const top = segments.filter((segment) => segment.level === 2);
    expect(top.map(({ seqStart, seqEnd }) => [seqStart, seqEnd])).toEqual([[0, 1_000]]);
    expect(
      segments.filter((segment) => segment.level < 2).every((segment) => segment.parentId),
    ).toBe(true);
    expect(planRollups({ segments: candidates(segments), fanout: 10 })).toEqual([]);
  });

  it("plans a level only from children that exist now, but every such level in one pass", () => {
    const l1 = Array.from({ length: 10 }, (_, index) =>
      aSegment(1, index * 100, index * 100 + 100),
    );
    const linkedLeaves = leaves(100).map((leaf) => ({
      ...leaf,
      parentId: `L1:${Math.floor(leaf.seqStart / 100) * 100}-${Math.floor(leaf.seqStart / 100) * 100 + 100}`,
    }));
    const planned = planRollups({
      segments: candidates([...linkedLeaves, ...l1, ...leaves(10, 1_000)]),
      fanout: 10,
    });
    expect(planned.map(({ level, seqStart, seqEnd }) => ({ level, seqStart, seqEnd }))).toEqual([
      { level: 1, seqStart: 1_000, seqEnd: 1_100 },
      { level: 2, seqStart: 0, seqEnd: 1_000 },
    ]);
    expect(
      planRollups({ segments: candidates(leaves(100)), fanout: 10 }).every(
        (plan) => plan.level === 1,
      ),
    ).toBe(true);
  });

  it("never groups across a gap", () => {
    const beforeGap = leaves(5);
    const afterGap = leaves(10, 60); // seqs 50-59 are covered by nothing
    const planned = planRollups({ segments: candidates([...beforeGap, ...afterGap]), fanout: 10 });
    expect(planned).toEqual([
      { level: 1, childIds: afterGap.map((segment) => segment.id), seqStart: 60, seqEnd: 160 },
    ]);
    const split = [...leaves(9), ...leaves(9, 100)];
    expect(planRollups({ segments: candidates(split), fanout: 10 })).toEqual([]);
  });

  it("waits for an unsummarized child instead of grouping past it", () => {
    const segments = leaves(25).map((segment, index) =>
      index === 15 ? { ...segment, summary: null } : segment,
    );
    const planned = planRollups({ segments: candidates(segments), fanout: 10 });
    expect(planned.map((plan) => [plan.seqStart, plan.seqEnd])).toEqual([[0, 100]]);
    const early = leaves(25).map((segment, index) =>
      index === 3 ? { ...segment, summary: null } : segment,
    );
    expect(planRollups({ segments: candidates(early), fanout: 10 })).toEqual([]);
  });

  it("does not plan a second parent for children whose link was lost", () => {
    const segments = [...leaves(10), aSegment(1, 0, 100)];
    expect(planRollups({ segments: candidates(segments), fanout: 10 })).toEqual([]);
  });

  it("does not depend on input order", () => {
    const segments = leaves(30);
    const shuffled = [...segments].reverse();
    expect(planRollups({ segments: candidates(shuffled), fanout: 10 })).toEqual(
      planRollups({ segments: candidates(segments), fanout: 10 }),
    );
  });

  it("rejects a fanout below 2", () => {
    expect(() => planRollups({ segments: candidates(leaves(3)), fanout: 1 })).toThrow();
  });
});
