import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseJsonRecord } from "../../../test/support/json-lines.js";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { segmentId } from "../../store/index.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

async function healthyMemory(): Promise<TestMemory> {
  const opened = openTestMemory();
  opened.store.appendMessages(buildConversation({ turns: 40 }));
  await opened.engine.runUntilIdle();
  return opened;
}

describe("doctor", () => {
  it("reports seqs a session log repeats or skips (a second writer, lines deleted by hand)", async () => {
    memory = await healthyMemory();
    const file = memory.store.sessionLog.file;
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const entry = (seq: number) => {
      const line = parseJsonRecord(lines.at(-1) ?? "{}");
      return `${JSON.stringify({ ...line, seq })}\n`;
    };
    appendFileSync(file, entry(5) + entry(170) + entry(171));
    const report = await memory.engine.doctor({ fix: false });
    const messages = report.findings
      .filter((finding) => finding.check === "log-seq")
      .map((finding) => finding.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain("seq 5 appear more than once");
    expect(messages[1]).toContain("messages missing from the log (seq 160–169)");
    expect(report.score).toBeLessThanOrEqual(70);
  });

  it("scores a healthy memory 100 with no findings", async () => {
    memory = await healthyMemory();
    const report = await memory.engine.doctor({ fix: false });
    expect(report).toMatchObject({ score: 100, healthy: true, findings: [], fixed: [] });
    expect(report.stats.messages).toBe(160);
    expect(report.stats.pendingVectors).toBe(0);
    expect(report.checks).toContain("l0-tiling");
  });

  it("reports pending vectors and embeds them with --fix", async () => {
    memory = await healthyMemory();
    memory.store.appendMessages(
      buildConversation({ turns: 2, startMs: Date.parse("2026-03-04T00:00:00Z") }),
    );
    const before = await memory.engine.doctor({ fix: false });
    expect(before.findings).toEqual([
      expect.objectContaining({ check: "vectors", severity: "info" }),
    ]);
    expect(before.score).toBe(99);
    const after = await memory.engine.doctor({ fix: true });
    expect(after.fixed.length).toBeGreaterThan(0);
    expect(after.score).toBe(100);
  });

  it("finds memory-log drift both ways and repairs it by appending and replaying", async () => {
    memory = await healthyMemory();
    const session = memory.store.sessionLog.sessionId;
    memory.store.appendMessages(
      buildConversation({ turns: 10, startMs: Date.parse("2026-03-04T00:00:00Z") }),
    );
    const start = memory.store.segments.levelEnd(session, 0);
    const rows = memory.store.messages.tokenRows(session, start, start + 8);
    const segment = {
      id: segmentId(session, 0, start, start + 8),
      session,
      level: 0,
      seqStart: start,
      seqEnd: start + 8,
      tokenCount: rows.reduce((sum, row) => sum + row.tokens, 0),
      firstTs: rows[0]?.ts ?? "",
      lastTs: rows.at(-1)?.ts ?? "",
    };
    memory.store.segments.insertLeaf(segment); // in the index only: a reindex would lose it
    const report = await memory.engine.doctor({ fix: false });
    expect(report.findings).toContainEqual(
      expect.objectContaining({ check: "memory-log-drift", severity: "warn" }),
    );
    expect(report.findings).toContainEqual(
      expect.objectContaining({ check: "summaries", severity: "warn" }),
    );
    const fixed = await memory.engine.doctor({ fix: true });
    expect(fixed.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    const logged = memory.store.memoryLog.readAll().entries;
    expect(logged.some((entry) => entry.type === "segment-close" && entry.id === segment.id)).toBe(
      true,
    );
  });

  it("reports corrupt memory log lines without deleting them", async () => {
    memory = await healthyMemory();
    const file = join(memory.dir, ".kern", "memory.jsonl");
    appendFileSync(file, '{"type":"segment-close","broken":\n{"v":1,"type":"nope","ts":"x"}\n');
    const report = await memory.engine.doctor({ fix: true });
    const corrupt = report.findings.filter((finding) => finding.check === "corrupt-lines");
    expect(corrupt).toHaveLength(1);
    expect(corrupt[0]?.message).toContain("2 corrupt line(s)");
    expect(report.stats.corruptLines).toBe(2);
    expect(report.score).toBe(95);
  });
});
