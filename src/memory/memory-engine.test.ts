import { afterEach, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../test/fakes/fake-llm-server.js";
import {
  buildConversation,
  modelOn,
  openTestMemory,
  systemStartsWith,
  type TestMemory,
} from "../../test/support/memory-fixtures.js";
import { segmentId } from "../store/index.js";
import { type Embedder, vectorStorageFor } from "./embeddings/embedder.js";
import { createLocalEmbedder } from "./embeddings/local-embedder.js";
import type { SummaryModel } from "./pipeline-context.js";
import { SUMMARIZER_MARKER } from "./summaries/summary-prompt.js";

let memory: TestMemory | null = null;
let llm: FakeLlm | null = null;
afterEach(async () => {
  await memory?.close();
  await llm?.close();
  memory = null;
  llm = null;
});

const isSummarizer = systemStartsWith(SUMMARIZER_MARKER);
const summaryModel = (server: FakeLlm): SummaryModel => modelOn(server, "fake-summarizer");

function allSegments(opened: TestMemory) {
  return opened.store.segments.list(opened.store.sessionLog.sessionId);
}

describe("MemoryEngine pipeline", () => {
  it("summarizes every segment with the model once, and a second run spends nothing", async () => {
    llm = await startFakeLlm();
    llm.when(
      isSummarizer,
      "<summary>\n- I checked the replica db-03 and left it healthy.\n</summary>",
    );
    memory = openTestMemory({ summaryModel: summaryModel(llm) });
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    const segments = allSegments(memory);
    expect(segments.some((segment) => segment.level > 0)).toBe(true);
    expect(
      segments.every((segment) => segment.method === "llm:fake-summarizer" && !segment.stale),
    ).toBe(true);
    expect(llm.requests).toHaveLength(segments.length);
    const logLines = memory.store.memoryLog.readAll().entries.length;
    await memory.engine.runUntilIdle();
    expect(llm.requests).toHaveLength(segments.length);
    expect(allSegments(memory)).toHaveLength(segments.length);
    expect(memory.store.memoryLog.readAll().entries).toHaveLength(logLines);
    expect(memory.store.state.usageTotals().calls).toBe(segments.length);
  });

  it("reports each phase as it starts, and segmentation up to the last message", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    const total = memory.store.messages.nextSeq(memory.store.sessionLog.sessionId);
    const reports: Array<{ phase: string; done: number; total: number }> = [];
    await memory.engine.runUntilIdle((progress) => reports.push({ ...progress }));
    const phases = [...new Set(reports.map((report) => report.phase))];
    expect(phases.slice(0, 3)).toEqual(["embed", "segment", "rollup"]);
    // A phase's first report comes before its work, so time spent in it is counted as its own.
    for (const phase of phases)
      expect(reports.find((report) => report.phase === phase)?.done).toBe(0);
    const segmenting = reports.filter((report) => report.phase === "segment");
    expect(segmenting[0]).toEqual({ phase: "segment", done: 0, total });
    expect(segmenting.at(-1)).toEqual({ phase: "segment", done: total, total });
    const leaves = allSegments(memory).filter((segment) => segment.level === 0);
    expect(Math.max(...leaves.map((segment) => segment.seqEnd))).toBe(total);
  });

  it("opens the breaker on failures, keeps extractive stand-ins, and replaces them on recovery", async () => {
    llm = await startFakeLlm();
    let failing = true;
    llm.when(isSummarizer, () =>
      failing ? { kind: "fail", status: 503 } : "<summary>\n- I fixed it.\n</summary>",
    );
    memory = openTestMemory({
      summaryModel: summaryModel(llm),
      breaker: { threshold: 5, openMs: 60_000 },
    });
    memory.store.appendMessages(buildConversation({ turns: 40 }));
    await memory.engine.runUntilIdle();
    const failedCalls = llm.requests.length;
    expect(failedCalls).toBeGreaterThanOrEqual(5);
    expect(failedCalls).toBeLessThanOrEqual(6); // at most one call in flight when it opened
    expect(
      allSegments(memory).every((segment) => segment.method === "extractive" && segment.stale),
    ).toBe(true);
    failing = false;
    await memory.engine.runUntilIdle();
    expect(llm.requests).toHaveLength(failedCalls); // still open: no call
    memory.clock.advance(60_000);
    await memory.engine.runUntilIdle();
    expect(allSegments(memory).every((segment) => segment.method === "llm:fake-summarizer")).toBe(
      true,
    );
    expect(memory.engine.state().staleSegments).toBe(0);
  });

  it("treats an empty model summary as a failure, not a summary", async () => {
    llm = await startFakeLlm();
    llm.when(isSummarizer, "<think>long thoughts</think>");
    memory = openTestMemory({ summaryModel: summaryModel(llm) });
    memory.store.appendMessages(buildConversation({ turns: 12 }));
    await memory.engine.runUntilIdle();
    const segments = allSegments(memory);
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.every((segment) => segment.method === "extractive" && segment.stale)).toBe(
      true,
    );
  });

  it("heals a crash between the memory log and the index without a duplicate", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 30 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const start = memory.store.segments.levelEnd(session, 0);
    memory.store.appendMessages(
      buildConversation({ turns: 10, startMs: Date.parse("2026-03-05T00:00:00Z") }),
    );
    // The log got the segment-close; the process died before the index insert.
    const rows = memory.store.messages.tokenRows(session, start, start + 12);
    const id = segmentId(session, 0, start, start + 12);
    memory.store.memoryLog.append([
      {
        type: "segment-close",
        ts: "2026-03-05T01:00:00.000Z",
        id,
        session,
        level: 0,
        seqStart: start,
        seqEnd: start + 12,
        tokenCount: rows.reduce((sum, row) => sum + row.tokens, 0),
        firstTs: rows[0]?.ts ?? "",
        lastTs: rows.at(-1)?.ts ?? "",
      },
    ]);
    await memory.engine.stop();
    memory.store.close();
    memory = memory.reopen();
    await memory.engine.runUntilIdle();
    const closes = memory.store.memoryLog
      .readAll()
      .entries.filter((entry) => entry.type === "segment-close" && entry.id === id);
    expect(closes).toHaveLength(1);
    expect(memory.store.segments.get(id)?.summary).not.toBeNull();
    const report = await memory.engine.doctor({ fix: false });
    expect(report.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    expect(report.score).toBe(100);
  });

  it("heals a summary the log has and the index lost, reading only the log's newest entries", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 30 }));
    await memory.engine.runUntilIdle();
    const [first, second] = allSegments(memory);
    if (!first || !second) throw new Error("expected two segments");
    // Two summary writes reached the log; the process died before either reached the index.
    // The older one is superseded by a newer write for the same segment, which must win.
    const write = (segmentId: string, summary: string) => ({
      type: "summary-write" as const,
      ts: "2026-03-05T01:00:00.000Z",
      segmentId,
      summary,
      summaryTokens: 4,
      method: "llm:model",
      stale: false,
    });
    memory.store.memoryLog.append([
      write(first.id, "- an older summary"),
      write(second.id, "- the second segment, healed"),
      write(first.id, "- the first segment, healed"),
    ]);
    await memory.engine.stop();
    memory.store.close();
    memory = memory.reopen();
    await memory.engine.runUntilIdle();
    expect(memory.store.segments.get(first.id)?.summary).toBe("- the first segment, healed");
    expect(memory.store.segments.get(second.id)?.summary).toBe("- the second segment, healed");
    const report = await memory.engine.doctor({ fix: false });
    expect(report.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
  });

  it("segments on zero vectors when the embedder fails, and reports the failure", async () => {
    const down: Embedder = {
      fingerprint: "down",
      dimensions: 16,
      embed: () => Promise.reject(new Error("embedding endpoint unreachable")),
    };
    memory = openTestMemory({ embedder: down });
    memory.store.appendMessages(buildConversation({ turns: 30 }));
    await memory.engine.runUntilIdle();
    expect(memory.engine.state().lastError).toContain("embedding endpoint unreachable");
    expect(memory.engine.state().segments["L0"]).toBeGreaterThan(0);
    expect(memory.engine.state().unsegmentedMessages).toBe(0);
  });

  it("schedules without blocking and coalesces requests into one pending run", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 30 }));
    const updates: number[] = [];
    memory.engine.onUpdate((state) => updates.push(state.pendingJobs));
    for (let call = 0; call < 5; call += 1) memory.engine.schedule();
    expect(memory.engine.state().pendingJobs).toBeLessThanOrEqual(1);
    await memory.engine.runUntilIdle();
    expect(updates.every((pending) => pending <= 1)).toBe(true);
    expect(memory.engine.state()).toMatchObject({
      status: "idle",
      unsegmentedMessages: 0,
      lastError: null,
    });
  });

  it("carries an older kern's vectors (a searched vec0 table) into the packed table, none re-embedded", async () => {
    const opened = openTestMemory();
    memory = opened;
    opened.store.appendMessages(buildConversation({ turns: 60 }));
    await opened.engine.runUntilIdle();
    const segments = allSegments(opened);
    const cursor = opened.store.vectors.cursor();
    const ids = Array.from({ length: cursor }, (_, index) => index + 1);
    const before = opened.store.vectors.vectors(ids);
    expect(before.size).toBeGreaterThan(200);
    // The layout kern wrote before the packed table: the same vectors in vec0.
    opened.store.vectors.ensure({ ...vectorStorageFor(createLocalEmbedder()), searched: true });
    expect(
      opened.store.vectors.nearest(before.values().next().value as Float32Array, 1),
    ).toHaveLength(1);
    await opened.engine.stop();
    opened.store.close();

    const reopened = opened.reopen();
    memory = reopened;
    expect(reopened.store.vectors.cursor()).toBe(cursor);
    expect(reopened.store.vectors.pendingCount()).toBe(0);
    expect(reopened.store.vectors.count()).toBe(before.size);
    const after = reopened.store.vectors.vectors(ids);
    for (const [id, vector] of before)
      expect(Array.from(after.get(id) ?? [])).toEqual(Array.from(vector));
    expect(reopened.store.vectors.nearest(before.values().next().value as Float32Array, 1)).toEqual(
      [],
    );
    await reopened.engine.runUntilIdle();
    expect(allSegments(reopened)).toEqual(segments);
  });
});
