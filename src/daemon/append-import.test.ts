import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { agentPaths } from "../config/index.js";
import { type KernError, SYSTEM_CLOCK } from "../kernel/index.js";
import { countMessageTokens } from "../memory/index.js";
import { type AgentStore, beginImportMarker, openAgentStore } from "../store/index.js";
import { appendImport } from "./append-import.js";
import { initAgent } from "./init-agent.js";

const NOW = "2026-01-01T00:00:00.000Z";

function chatLines(count: number, prefix = "m"): string {
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      id: `${prefix}${index}`,
      role: index % 2 === 0 ? "user" : "assistant",
      content: `message ${prefix}${index} about the lighthouse`,
    }),
  )
    .map((line) => `${line}\n`)
    .join("");
}

describe("appendImport", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let store: AgentStore;
  const paths = () => agentPaths(join(temp.path, "agent"));
  const sessionBytes = () => readFileSync(store.sessionLog.file);
  const run = (file: string, onProgress?: (done: number, total: number) => void) =>
    appendImport({ store, markerFile: paths().importMarker, file, now: NOW, onProgress });

  beforeEach(async () => {
    temp = makeTempDir();
    await initAgent({ agentDir: join(temp.path, "agent"), git: false });
    store = openAgentStore({
      paths: paths(),
      clock: SYSTEM_CLOCK,
      countTokens: countMessageTokens,
    });
    store.appendMessages([{ ts: NOW, role: "user", content: "before the import" }]);
    store.sync();
  });
  afterEach(() => {
    store.close();
    temp.cleanup();
  });

  it("appends every message of a file in batches, with progress that reaches the total", async () => {
    const file = join(temp.path, "chat.jsonl");
    writeFileSync(file, chatLines(2500));
    const progress: Array<[number, number]> = [];
    const report = await run(file, (done, total) => progress.push([done, total]));
    expect(report).toMatchObject({ imported: 2500, seqStart: 1, seqEnd: 2501 });
    expect(progress.at(-1)).toEqual([2500, 2500]);
    expect(progress.length).toBe(3);
    expect(store.messages.nextSeq(store.sessionLog.sessionId)).toBe(2501);
  });

  it("counts a large import's tokens in a worker thread, each as countMessageTokens does", async () => {
    const file = join(temp.path, "tools.jsonl");
    const tool = (index: number) => ({
      id: `t${index}`,
      role: "tool",
      tool_call_id: `c${index}`,
      name: "bash",
      content: `exit 0\n${"drwxr-xr-x 2 root root 4096 Dec  2 21:46 .\n".repeat(index % 40)}`,
    });
    const lines = Array.from({ length: 2400 }, (_, index) =>
      index % 3 === 2
        ? tool(index)
        : { id: `m${index}`, role: "user", content: `ünïcode ${index}` },
    );
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    await run(file);
    const session = store.sessionLog.sessionId;
    const stored = store.messages.range(session, 1, 2401);
    const tokens = store.db
      .prepare("SELECT tokens FROM messages WHERE session = ? AND seq >= 1 ORDER BY seq")
      .pluck()
      .all(session);
    expect(stored).toHaveLength(2400);
    expect(tokens).toEqual(stored.map(countMessageTokens));
  });

  it("a bad line in the middle names the line and leaves the log byte-identical", async () => {
    const file = join(temp.path, "bad.jsonl");
    writeFileSync(file, `${chatLines(10)}{"role": "user", "content": 5}\n${chatLines(10, "n")}`);
    const before = sessionBytes();
    await expect(run(file)).rejects.toThrow(/bad\.jsonl: line 11: content/);
    expect(sessionBytes().equals(before)).toBe(true);
    expect(store.sessionLog.nextSeq).toBe(1);
  });

  it("a file that turns bad while it is appended is rolled back: log and index as before", async () => {
    const file = join(temp.path, "changing.jsonl");
    writeFileSync(file, chatLines(3000));
    const before = sessionBytes();
    await expect(
      run(file, (done) => {
        if (done === 1000) appendFileSync(file, "not json\n");
      }),
    ).rejects.toThrow(/line 3001: not valid JSON/);
    expect(sessionBytes().equals(before)).toBe(true);
    expect(store.sessionLog.nextSeq).toBe(1);
    expect(store.messages.nextSeq(store.sessionLog.sessionId)).toBe(1);
    store.appendMessages([{ ts: NOW, role: "user", content: "after the rollback" }]);
    expect(store.messages.range(store.sessionLog.sessionId, 0, 5).map((m) => m.seq)).toEqual([
      0, 1,
    ]);
  });

  it("a second import of the same file is refused and appends nothing; new ids are appended", async () => {
    const file = join(temp.path, "chat.jsonl");
    writeFileSync(file, chatLines(20));
    await run(file);
    const before = sessionBytes();
    const error = await run(file).catch((caught: unknown) => caught);
    expect((error as KernError).code).toBe("KERN_IMPORT_DUPLICATE");
    expect(sessionBytes().equals(before)).toBe(true);
    writeFileSync(file, chatLines(25));
    expect(await run(file)).toMatchObject({ imported: 5, skippedDuplicates: 20 });
  });
});

describe("an import interrupted by a crash", () => {
  it("is rolled back when the store is next opened (log cut back, index rows dropped)", async () => {
    const temp = makeTempDir();
    try {
      const agentDir = join(temp.path, "agent");
      await initAgent({ agentDir, git: false });
      const paths = agentPaths(agentDir);
      const open = () =>
        openAgentStore({ paths, clock: SYSTEM_CLOCK, countTokens: countMessageTokens });
      const first = open();
      first.appendMessages([{ ts: NOW, role: "user", content: "kept" }]);
      first.sync();
      const committed = readFileSync(first.sessionLog.file);
      beginImportMarker(paths.importMarker, {
        session: first.sessionLog.sessionId,
        file: first.sessionLog.file,
        size: committed.length,
        seqStart: 1,
        source: "big.jsonl",
        startedAt: NOW,
      });
      // What a kill -9 mid-import leaves: appended lines, indexed rows, the marker.
      first.appendMessages(
        Array.from({ length: 500 }, (_, index) => ({
          ts: NOW,
          role: "user" as const,
          content: `imported ${index}`,
        })),
      );
      first.sync();
      first.close();
      const second = open();
      try {
        expect(second.rolledBackImport).toMatchObject({ seqStart: 1, source: "big.jsonl" });
        expect(readFileSync(second.sessionLog.file).equals(committed)).toBe(true);
        expect(second.sessionLog.nextSeq).toBe(1);
        expect(second.messages.nextSeq(second.sessionLog.sessionId)).toBe(1);
        expect(existsSync(paths.importMarker)).toBe(false);
      } finally {
        second.close();
      }
    } finally {
      temp.cleanup();
    }
  });
});

describe("appendImport without ids (issue 33 item 9)", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let store: AgentStore;

  beforeEach(async () => {
    temp = makeTempDir();
    const agentDir = join(temp.path, "agent");
    await initAgent({ agentDir, git: false });
    store = openAgentStore({
      paths: agentPaths(agentDir),
      clock: SYSTEM_CLOCK,
      countTokens: countMessageTokens,
    });
  });
  afterEach(() => {
    store.close();
    temp.cleanup();
  });

  const openAiLines = (count: number, word = "lighthouse") =>
    Array.from({ length: count }, (_, index) =>
      JSON.stringify({
        role: index % 2 ? "assistant" : "user",
        content: index % 2 ? "ok" : `${word} ${index}`,
      }),
    )
      .map((line) => `${line}\n`)
      .join("");
  const run = (file: string) =>
    appendImport({
      store,
      markerFile: agentPaths(join(temp.path, "agent")).importMarker,
      file,
      now: NOW,
    });

  it("recognises the same id-less file imported twice by its content and appends it once", async () => {
    const file = join(temp.path, "openai.jsonl");
    writeFileSync(file, openAiLines(50));
    expect((await run(file)).imported).toBe(50);
    const error = await run(file).catch((caught: KernError) => caught);
    expect(error).toMatchObject({ code: "KERN_IMPORT_DUPLICATE" });
    expect(store.sessionLog.nextSeq).toBe(50);
    // A longer export of the same conversation appends only its new lines.
    writeFileSync(file, openAiLines(60));
    expect(await run(file)).toMatchObject({ imported: 10, skippedDuplicates: 50 });
    // Another conversation that shares its "ok" replies is not mistaken for it.
    const other = join(temp.path, "other.jsonl");
    writeFileSync(other, openAiLines(20, "harbour"));
    expect((await run(other)).imported).toBe(20);
  });
});
