// The incremental segments read against the full one, over seeded random runs of the writes the
// pipeline makes: leaves, rollups, extractive and model summaries, stand-ins marked stale again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.js";
import type { Segment } from "../../kernel/index.js";
import { openDatabase, SegmentRepo, type SqliteDatabase, segmentId } from "../../store/index.js";
import { SessionSegments } from "./session-segments.js";

type Random = () => number;

/** Writes a session's segments the way the pipeline does, one random step at a time. */
class SessionWriter {
  private end = 0;

  constructor(
    private readonly repo: SegmentRepo,
    readonly session: string,
  ) {}

  private segment(level: number, seqStart: number, seqEnd: number) {
    return {
      id: segmentId(this.session, level, seqStart, seqEnd),
      session: this.session,
      level,
      seqStart,
      seqEnd,
      tokenCount: (seqEnd - seqStart) * 50,
      firstTs: "2026-04-02T06:00:00.000Z",
      lastTs: "2026-04-02T07:00:00.000Z",
    };
  }

  /** A summary as a job writes it: by the model, or extractive (a stand-in when `stale`). */
  private summarize(id: string, random: Random, stale: boolean): void {
    const text = `- summary ${Math.floor(random() * 1e6)}`;
    const method = stale || random() < 0.5 ? "extractive" : "llm:test";
    this.repo.setSummary(id, { text, tokens: text.length, method, stale });
  }

  step(random: Random): void {
    const all = this.repo.list(this.session);
    const pending = all.filter((segment) => segment.summary === null || segment.stale);
    const choice = random();
    if (choice < 0.35) {
      const length = 1 + Math.floor(random() * 20);
      const leaf = this.segment(0, this.end, this.end + length);
      this.repo.insertLeaf(leaf);
      this.end += length;
      if (random() < 0.7) this.summarize(leaf.id, random, random() < 0.5);
    } else if (choice < 0.55) {
      this.rollup(all, random);
    } else if (choice < 0.8 && pending.length > 0) {
      const target = pending[Math.floor(random() * pending.length)] as Segment;
      this.summarize(target.id, random, target.summary === null && random() < 0.5);
    } else {
      // markExtractiveStale: a settled extractive summary becomes a stand-in again.
      for (const segment of all) {
        if (segment.stale || segment.method !== "extractive" || segment.summary === null) continue;
        const { summary, summaryTokens, method } = segment;
        this.repo.setSummary(segment.id, {
          text: summary,
          tokens: summaryTokens,
          method,
          stale: true,
        });
      }
    }
  }

  /** A rollup over the oldest parentless run of a level, as the rollup job makes. */
  private rollup(all: readonly Segment[], random: Random): void {
    const level = Math.floor(random() * 3);
    const run = all.filter((segment) => segment.level === level && segment.parentId === null);
    const children = run.slice(0, 2 + Math.floor(random() * 3));
    const first = children[0];
    const last = children.at(-1);
    if (!first || !last || children.length < 2) return;
    const parent = this.segment(level + 1, first.seqStart, last.seqEnd);
    this.repo.insertParent(
      parent,
      children.map((child) => child.id),
    );
    if (random() < 0.5) this.summarize(parent.id, random, true);
  }
}

describe("SessionSegments", () => {
  let db: SqliteDatabase;
  let repo: SegmentRepo;
  beforeEach(() => {
    db = openDatabase(":memory:");
    repo = new SegmentRepo(db);
  });
  afterEach(() => db.close());

  it("reads what a full read returns after every kind of write, in two sessions", () => {
    const random = seededRandom(4);
    const writers = [new SessionWriter(repo, "s1"), new SessionWriter(repo, "s2")];
    const readers = writers.map((writer) => new SessionSegments(repo, writer.session));
    for (let step = 0; step < 600; step += 1) {
      const index = random() < 0.8 ? 0 : 1;
      writers[index]?.step(random);
      if (random() < 0.3) continue; // several writes between two reads, too
      for (const [at, reader] of readers.entries())
        expect(reader.read()).toEqual(repo.list(writers[at]?.session ?? ""));
    }
    expect(repo.list("s1").filter((segment) => segment.level >= 2).length).toBeGreaterThan(3);
  });

  it("returns the same list while nothing was written", () => {
    const writer = new SessionWriter(repo, "s1");
    const random = seededRandom(8);
    for (let step = 0; step < 20; step += 1) writer.step(random);
    const reader = new SessionSegments(repo, "s1");
    const first = reader.read();
    expect(reader.read()).toBe(first);
    writer.step(random);
    writer.step(random);
    expect(reader.read()).toEqual(repo.list("s1"));
  });
});
