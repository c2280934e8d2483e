import { createHash } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/index.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

function indexFingerprint(database: string): { count: number; hash: string; tokens: number } {
  const db = new BetterSqlite3(database, { readonly: true });
  try {
    const hash = createHash("sha256");
    let count = 0;
    let tokens = 0;
    const rows = db
      .prepare(
        "SELECT seq, ts, role, at, bytes, interface, imported, tokens FROM messages ORDER BY session, seq",
      )
      .iterate() as Iterable<Record<string, unknown>>;
    for (const row of rows) {
      hash.update(
        JSON.stringify([
          row["seq"],
          row["ts"],
          row["role"],
          row["at"],
          row["bytes"],
          row["interface"],
          row["imported"],
        ]),
      );
      tokens += Number(row["tokens"]);
      count += 1;
    }
    return { count, hash: hash.digest("hex"), tokens };
  } finally {
    db.close();
  }
}

interface SegmentJson {
  id: string;
  level: number;
  seqStart: number;
  seqEnd: number;
  parentId: string | null;
  summaryTokens: number;
  method: string | null;
}

interface ContextJson {
  systemPrompt: string;
  tokens: { summary: number; total: number };
  window: { seqStart: number; seqEnd: number };
  segmentIds: string[];
}

async function segmentsJson(dir: string): Promise<{ session: string; segments: SegmentJson[] }> {
  const result = await runKern(["segments", dir, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { session: string; segments: SegmentJson[] };
}

/** L0s tile [0, total) exactly; each parent covers exactly its 10 contiguous children. */
function expectExactTree(report: { segments: SegmentJson[] }, total: number): void {
  const leaves = report.segments
    .filter((segment) => segment.level === 0)
    .sort((a, b) => a.seqStart - b.seqStart);
  expect(leaves[0]?.seqStart).toBe(0);
  expect(leaves.at(-1)?.seqEnd).toBe(total);
  leaves.forEach((leaf, index) => {
    if (index > 0) expect(leaf.seqStart).toBe(leaves[index - 1]?.seqEnd);
  });
  const parents = report.segments.filter((segment) => segment.level > 0);
  expect(parents.length).toBeGreaterThan(0);
  for (const parent of parents) {
    const children = report.segments
      .filter((segment) => segment.parentId === parent.id)
      .sort((a, b) => a.seqStart - b.seqStart);
    expect(children).toHaveLength(10);
    expect(children.every((child) => child.level === parent.level - 1)).toBe(true);
    expect(children[0]?.seqStart).toBe(parent.seqStart);
    expect(children.at(-1)?.seqEnd).toBe(parent.seqEnd);
    children.forEach((child, index) => {
      if (index > 0) expect(child.seqStart).toBe(children[index - 1]?.seqEnd);
    });
  }
  expect(report.segments.every((segment) => segment.summaryTokens > 0)).toBe(true);
}

describe("import and reindex at 20,000 messages", () => {
  const temp = makeTempDir();
  const dir = join(temp.path, "agent");
  const file = join(temp.path, "conversation.jsonl");
  beforeAll(async () => {
    // 20,000 messages with short tool outputs (~7 MB, not the bench's ~70 MB): the same tree and
    // reindex at a tenth of the tokenizing, so a loaded CI machine finishes far inside the timeout.
    // Import speed at full size is the bench's (docs/benchmarks.md).
    const { messages } = generateConversation({
      seed: 11,
      messages: 20_000,
      toolOutputChars: [200, 2000],
    });
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`);
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
  }, 60_000);
  afterAll(() => temp.cleanup());

  it("imports every message, builds the whole tree offline, and reindex rebuilds it identically", async () => {
    // `kern import` alone builds the memory to completion: no daemon, no other command.
    const imported = await runKern(["import", file, dir, "--json"]);
    expect(imported.code, imported.stderr).toBe(0);
    const importReport = JSON.parse(imported.stdout) as { segments: Record<string, number> };
    expect(importReport).toMatchObject({ imported: 20_000, seqStart: 0, seqEnd: 20_000 });
    const segments = await segmentsJson(dir);
    expectExactTree(segments, 20_000);
    const levels: Record<string, number> = {};
    for (const segment of segments.segments)
      levels[`L${segment.level}`] = (levels[`L${segment.level}`] ?? 0) + 1;
    expect(importReport.segments).toEqual(levels);

    const context = await runKern(["context", dir, "--json", "--max-context-tokens", "50000"]);
    expect(context.code, context.stderr).toBe(0);
    const report = JSON.parse(context.stdout) as ContextJson;
    expect(report.tokens.summary).toBeGreaterThan(0);
    expect(report.tokens.summary).toBeLessThanOrEqual(0.75 * 50_000);
    expect(report.tokens.total).toBeLessThanOrEqual(50_000);
    // Every trimmed message is in exactly one <summary> of the block: a listed segment's, or an
    // extractive stand-in's where the trim point falls inside the newest segment.
    const covered = new Map<number, number>();
    for (const match of report.systemPrompt.matchAll(
      /<summary>\nlevel: L\d+\nmessages: (\d+)-(\d+)\n/g,
    )) {
      for (let seq = Number(match[1]); seq <= Number(match[2]); seq += 1)
        covered.set(seq, (covered.get(seq) ?? 0) + 1);
    }
    for (let seq = 0; seq < report.window.seqStart; seq += 1) {
      if (covered.get(seq) !== 1)
        throw new Error(`trimmed message ${seq} is in ${covered.get(seq) ?? 0} summaries`);
    }
    const listed = segments.segments.filter((segment) => report.segmentIds.includes(segment.id));
    expect(listed.length).toBeGreaterThan(0);

    const database = join(dir, ".kern", "kern.db");
    const before = indexFingerprint(database);
    expect(before.count).toBe(20_000);
    rmSync(database);
    const rebuilt = await runKern(["reindex", dir, "--json"]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ messages: 20_000, sessions: 1 });
    expect(indexFingerprint(database)).toEqual(before);
    expect(await segmentsJson(dir)).toEqual(segments);
  }, 600_000); // ~35 s of CPU; 136 s beside a load of 21 on 2 cores

  it("refuses a file with a bad line, names the line, and imports nothing", async () => {
    // Its own agent: the test does not depend on the import above having run.
    const fresh = join(temp.path, "fresh-agent");
    expect((await runKern(["init", fresh, "--yes"])).code).toBe(0);
    const bad = join(temp.path, "bad.jsonl");
    writeFileSync(
      bad,
      '{"role":"user","content":"hi"}\n{"role":"user","content":"ok"}\n{"role":"wizard","content":"x"}\n',
    );
    const result = await runKern(["import", bad, fresh]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("line 3");
    const database = join(fresh, ".kern", "kern.db");
    expect(existsSync(database) ? indexFingerprint(database).count : 0).toBe(0);
  });
});
