// Hole 10 of issue 18: a damaged kern.db (truncated, its header overwritten, garbage pages).
// Every command says what happened and how to fix it (never "unexpected error"), `doctor`
// reports it without crashing, and `reindex` rebuilds the index and the vectors from the logs.
import { copyFileSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";

const DAMAGES: Record<string, (path: string) => void> = {
  truncated: (path) => truncateSync(path, Math.floor(statSync(path).size / 3)),
  "header overwritten": (path) => {
    const bytes = readFileSync(path);
    bytes.fill(0x47, 0, 100);
    writeFileSync(path, bytes);
  },
  "garbage pages": (path) => {
    const bytes = readFileSync(path);
    for (let index = 4096; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 251;
    writeFileSync(path, bytes);
  },
};

const COMMANDS = [["status"], ["segments"], ["memory"], ["context"], ["recall", "hello"]];

interface DoctorJson {
  score: number;
  findings: Array<{ check: string; severity: string; message: string; fix?: string }>;
  fixed: string[];
  stats: { messages: number; vectors: number; pendingVectors: number };
}

async function doctor(dir: string, ...flags: string[]): Promise<DoctorJson> {
  const result = await kernProcess(["doctor", dir, "--json", ...flags]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as DoctorJson;
}

describe("a damaged kern.db (issue 18, hole 10)", () => {
  const agent = useProcessAgent("kern-damaged-db-");
  const dir = agent.dir;
  const database = join(dir, ".kern", "kern.db");
  const backup = join(dir, "..", "kern.db.backup");
  const hint = `run 'kern reindex ${dir}' (the log is the source of truth)`;

  // An agent with a few turns and a copy of its healthy kern.db: each test damages a fresh copy.
  beforeAll(async () => {
    const { client } = await startLiveDaemon(dir);
    for (const text of ["hello there", "tell me about zebras", "and about lions"]) {
      agent.llm.reply(`an answer to ${text}`);
      await runTurn(client, text);
    }
    expect((await kernProcess(["stop", dir])).code).toBe(0);
    copyFileSync(database, backup);
    expect((await doctor(dir)).stats.messages).toBe(6);
  }, 120_000);

  for (const [name, damage] of Object.entries(DAMAGES)) {
    it(`names the damage and its fix when kern.db is ${name}; reindex repairs it`, async () => {
      copyFileSync(backup, database);
      damage(database);
      for (const command of COMMANDS) {
        const result = await kernProcess([command[0] ?? "", ...(command.slice(1) ?? []), dir]);
        const output = `${command.join(" ")}: ${result.stdout}${result.stderr}`;
        expect(output).not.toContain("unexpected error");
        if (result.code !== 0) expect(output).toContain(hint);
      }
      const started = await kernProcess(["start", dir]);
      expect(started.code).not.toBe(0);
      expect(started.stderr).toContain(hint);

      const report = await doctor(dir);
      expect(report.score).toBe(0);
      expect(report.findings[0]).toMatchObject({ check: "log-index", severity: "error" });
      expect(report.findings[0]?.fix).toContain(`kern reindex ${dir}`);

      const reindexed = await kernProcess(["reindex", dir, "--json"]);
      expect(reindexed.code, reindexed.stderr).toBe(0);
      const rebuilt = JSON.parse(reindexed.stdout) as { messages: number; vectors: number };
      expect(rebuilt.messages).toBe(6);
      expect(rebuilt.vectors).toBeGreaterThan(0); // one may embed to nothing and get no vector
      const healed = await doctor(dir);
      expect(healed.stats).toMatchObject({ messages: 6, vectors: rebuilt.vectors });
      expect(healed.stats.pendingVectors).toBe(0);
      expect(healed.score).toBe(100);
    }, 300_000); // ~15 kern processes: ~110 s beside a load of 19 on 2 cores
  }

  it("repairs a damaged kern.db with doctor --fix", async () => {
    copyFileSync(backup, database);
    DAMAGES["header overwritten"]?.(database);
    const fixed = await doctor(dir, "--fix");
    expect(fixed.fixed[0]).toContain("rebuilt the damaged kern.db");
    expect(fixed.stats.messages).toBe(6);
    expect((await kernProcess(["status", dir])).code).toBe(0);
  }, 120_000);
});
