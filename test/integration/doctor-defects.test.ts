import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/index.js";
import { withOfflineMemory } from "../../src/daemon/index.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

interface DoctorJson {
  score: number;
  healthy: boolean;
  findings: Array<{ check: string; severity: string; message: string }>;
}

async function doctor(dir: string): Promise<DoctorJson> {
  const result = await runKern(["doctor", dir, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as DoctorJson;
}

describe("kern doctor", () => {
  const temp = makeTempDir();
  const dir = join(temp.path, "agent");
  beforeAll(async () => {
    const { messages } = generateConversation({
      seed: 5,
      messages: 1500,
      toolOutputChars: [200, 1500],
    });
    const file = join(temp.path, "history.jsonl");
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`);
    await runKern(["init", dir, "--yes"]);
    expect((await runKern(["import", file, dir])).code).toBe(0);
    await withOfflineMemory(
      {
        agentDir: dir,
        env: {},
        overrides: {
          segmentation: {
            targetTokens: 3000,
            minTokens: 1000,
            minMessages: 10,
            triggerMessages: 10,
            triggerTokens: 1000,
            window: 5,
          },
        },
      },
      (memory) => memory.runUntilIdle(),
    );
  }, 120_000);
  afterAll(() => temp.cleanup());

  it("scores a healthy agent 100", async () => {
    const report = await doctor(dir);
    expect(report.findings.filter((finding) => finding.severity !== "info")).toEqual([]);
    expect(report.score).toBe(100);
  });

  it("names each planted defect: a tiling gap, an orphan, corrupt log lines", async () => {
    // The defects go into a copy: the healthy agent stays healthy whatever runs first.
    const damaged = join(temp.path, "damaged");
    cpSync(dir, damaged, { recursive: true });
    const db = new BetterSqlite3(join(damaged, ".kern", "kern.db"));
    const leaves = db
      .prepare("SELECT id, seq_end FROM segments WHERE level = 0 ORDER BY seq_start")
      .all() as Array<{ id: string; seq_end: number }>;
    expect(leaves.length).toBeGreaterThan(4);
    db.prepare("UPDATE segments SET seq_end = seq_end - 2 WHERE id = ?").run(leaves[1]?.id);
    db.prepare("UPDATE segments SET parent_id = 'seg-missing-parent' WHERE id = ?").run(
      leaves[3]?.id,
    );
    db.close();
    const sessionsDir = join(damaged, ".kern", "sessions");
    const status = JSON.parse((await runKern(["status", damaged, "--json"])).stdout) as {
      session: { id: string };
    };
    const sessionFile = join(sessionsDir, `${status.session.id}.jsonl`);
    const lines = readFileSync(sessionFile, "utf8").split("\n");
    lines.splice(10, 0, "{ this is not json");
    writeFileSync(sessionFile, lines.join("\n"));
    const report = await doctor(damaged);
    const checks = new Set(report.findings.map((finding) => finding.check));
    expect(checks.has("l0-tiling")).toBe(true);
    expect(checks.has("orphans")).toBe(true);
    expect(checks.has("corrupt-lines")).toBe(true);
    expect(report.score).toBeLessThan(100);
    expect(report.healthy).toBe(false);
  });
});
