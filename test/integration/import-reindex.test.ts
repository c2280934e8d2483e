import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/generate-conversation.js";
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
        "SELECT seq, ts, role, content, tool_calls, tool_call_id, tokens FROM messages ORDER BY session, seq",
      )
      .iterate() as Iterable<Record<string, unknown>>;
    for (const row of rows) {
      hash.update(
        JSON.stringify([
          row["seq"],
          row["ts"],
          row["role"],
          row["content"],
          row["tool_calls"],
          row["tool_call_id"],
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

describe("import and reindex at 20,000 messages", () => {
  const temp = makeTempDir();
  const dir = join(temp.path, "agent");
  const file = join(temp.path, "conversation.jsonl");
  beforeAll(async () => {
    const { messages } = generateConversation({
      seed: 11,
      messages: 20_000,
      toolOutputChars: [2000, 20000],
    });
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`);
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
  }, 60_000);
  afterAll(() => temp.cleanup());

  it("imports every message, and reindex rebuilds an identical index from the logs", async () => {
    const imported = await runKern(["import", file, dir, "--json"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({
      imported: 20_000,
      seqStart: 0,
      seqEnd: 20_000,
    });
    const database = join(dir, ".kern", "kern.db");
    const before = indexFingerprint(database);
    expect(before.count).toBe(20_000);
    rmSync(database);
    const rebuilt = await runKern(["reindex", dir, "--json"]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ messages: 20_000, sessions: 1 });
    expect(indexFingerprint(database)).toEqual(before);
  }, 120_000);

  it("refuses a file with a bad line, names the line, and imports nothing", async () => {
    const bad = join(temp.path, "bad.jsonl");
    writeFileSync(
      bad,
      '{"role":"user","content":"hi"}\n{"role":"user","content":"ok"}\n{"role":"wizard","content":"x"}\n',
    );
    const result = await runKern(["import", bad, dir]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("line 3");
    expect(indexFingerprint(join(dir, ".kern", "kern.db")).count).toBe(20_000);
  });
});
