import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { type NewSegment, SegmentRepo, segmentId } from "./segment-repo.js";

function leaf(seqStart: number, seqEnd: number, level = 0): NewSegment {
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

describe("SegmentRepo tiling", () => {
  let db: SqliteDatabase;
  let repo: SegmentRepo;
  beforeEach(() => {
    db = openDatabase(":memory:");
    repo = new SegmentRepo(db);
  });
  afterEach(() => db.close());

  it("accepts contiguous L0s and rejects a gap or an overlap", () => {
    repo.insertLeaf(leaf(0, 10));
    repo.insertLeaf(leaf(10, 25));
    expect(() => repo.insertLeaf(leaf(26, 30))).toThrow(
      expect.objectContaining({ code: "KERN_STORE_CORRUPT" }),
    );
    expect(() => repo.insertLeaf(leaf(20, 30))).toThrow(
      expect.objectContaining({ code: "KERN_STORE_CORRUPT" }),
    );
    expect(repo.levelEnd("s1", 0)).toBe(25);
  });

  it("is idempotent for a re-planned identical range", () => {
    repo.insertLeaf(leaf(0, 10));
    repo.insertLeaf(leaf(0, 10));
    expect(repo.list("s1")).toHaveLength(1);
  });

  it("links a parent over contiguous children once, and refuses non-contiguous ones", () => {
    const children = [leaf(0, 10), leaf(10, 20), leaf(20, 30)];
    for (const child of children) repo.insertLeaf(child);
    const parent = { ...leaf(0, 30, 1) };
    repo.insertParent(
      parent,
      children.map((child) => child.id),
    );
    repo.insertParent(
      parent,
      children.map((child) => child.id),
    );
    expect(repo.list("s1").filter((segment) => segment.level === 1)).toHaveLength(1);
    expect(repo.children(parent.id).map((child) => child.id)).toEqual(
      children.map((child) => child.id),
    );
    repo.insertLeaf(leaf(30, 40));
    repo.insertLeaf(leaf(40, 50));
    expect(() => repo.insertParent(leaf(30, 50, 1), [leaf(30, 40).id, leaf(0, 10).id])).toThrow();
  });
});

describe("SegmentRepo counts", () => {
  it("counts the agent's own sessions without its sub-agents' when asked", () => {
    const db = openDatabase(":memory:");
    try {
      const repo = new SegmentRepo(db);
      const session = db.prepare("INSERT INTO sessions (id, created_at, file) VALUES (?, ?, ?)");
      session.run("s1", "2026-04-02T06:00:00.000Z", "/a/.kern/sessions/s1.jsonl");
      session.run("s-3f2a9k", "2026-04-02T06:00:00.000Z", "/a/.kern/subagents/s-3f2a9k.jsonl");
      repo.insertLeaf(leaf(0, 10));
      repo.insertLeaf({ ...leaf(0, 4), id: "sub-leaf", session: "s-3f2a9k" });
      expect(repo.countsByLevel()).toEqual({ L0: 2 });
      expect(repo.countsByLevel({ withoutSubagents: true })).toEqual({ L0: 1 });
    } finally {
      db.close();
    }
  });
});
