import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type NewSegment,
  openDatabase,
  SegmentRepo,
  type SqliteDatabase,
  segmentId,
} from "../../store/index.js";
import { planRollups } from "./rollup.js";

function segment(level: number, seqStart: number, seqEnd: number): NewSegment {
  return {
    id: segmentId("s1", level, seqStart, seqEnd),
    session: "s1",
    level,
    seqStart,
    seqEnd,
    tokenCount: 100,
    firstTs: "2026-04-02T06:00:00.000Z",
    lastTs: "2026-04-02T07:00:00.000Z",
  };
}

const summary = { text: "- done", tokens: 3, method: "extractive", stale: false };

describe("the rollup window", () => {
  let db: SqliteDatabase;
  let repo: SegmentRepo;
  beforeEach(() => {
    db = openDatabase(":memory:");
    repo = new SegmentRepo(db);
  });
  afterEach(() => db.close());

  it("plans exactly what the whole tree plans, leaf after leaf, up to three levels", () => {
    const fanout = 3;
    let windowRows = 0;
    for (let index = 0; index < 60; index += 1) {
      const leaf = segment(0, index * 10, index * 10 + 10);
      repo.insertLeaf(leaf);
      // Every fifth leaf waits for its summary: a run must stop there in both plans.
      if (index % 5 !== 4) repo.setSummary(leaf.id, summary);
      for (let pass = 0; pass < 8; pass += 1) {
        const list = repo.list("s1");
        const whole = planRollups({
          segments: list.map((row) => ({ ...row, summarized: row.summary !== null })),
          fanout,
        });
        const window = repo.rollupWindow("s1");
        windowRows = Math.max(windowRows, window.length);
        // Shapes, not texts: the first pass of an import holds every L0 of the history here.
        expect(window.some((row) => "summary" in row)).toBe(false);
        expect(planRollups({ segments: window, fanout })).toEqual(whole);
        if (whole.length === 0) break;
        for (const plan of whole) {
          const parent = segment(plan.level, plan.seqStart, plan.seqEnd);
          repo.insertParent(parent, plan.childIds);
          repo.setSummary(parent.id, summary);
        }
      }
      // A late summary completes the run it held back.
      if (index % 5 === 4) repo.setSummary(leaf.id, summary);
    }
    expect(repo.list("s1").some((row) => row.level === 3)).toBe(true);
    // It reads the tail of each level, not the tree.
    expect(windowRows).toBeLessThan(repo.list("s1").length / 2);
  });

  it("reads the texts a plan takes, in the plan's order", () => {
    const [a, b] = [segment(0, 0, 10), segment(0, 10, 20)];
    repo.insertLeaf(a);
    repo.insertLeaf(b);
    repo.setSummary(b.id, summary);
    expect(repo.summaries([b.id, a.id, "seg-missing"])).toEqual(["- done", null, null]);
  });
});
