// Issue 33 item 7: kern.db damaged where the open path does not look (the second half of its
// pages). `kern start` refuses with the fix instead of starting into failing turns; damage that
// appears while the daemon runs ends a turn with KERN_INDEX_DAMAGED naming `kern reindex`, and
// GET /doctor reports it (score 0, the fix) instead of answering 500. Real processes, fake model.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";

/** Overwrites every byte from `fromShare` of the file to its end with garbage. */
function damageFrom(path: string, fromShare: number): void {
  const bytes = readFileSync(path);
  for (let index = Math.floor(bytes.length * fromShare); index < bytes.length; index += 1) {
    bytes[index] = (index * 7919) % 251;
  }
  writeFileSync(path, bytes);
}

describe("a kern.db damaged beyond what the open path reads (issue 33 item 7)", () => {
  const agent = useProcessAgent("kern-damaged-later-", async (dir) => {
    const lines: string[] = [];
    for (let index = 0; index < 600; index += 1) {
      const role = index % 2 ? "assistant" : "user";
      lines.push(
        JSON.stringify({ role, content: `message ${index} about zebras ${"x".repeat(200)}` }),
      );
    }
    const file = join(dir, "..", "history.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const imported = await kernProcess(["import", file, dir]);
    expect(imported.code, imported.stderr).toBe(0);
  });
  const dir = agent.dir;
  const database = join(dir, ".kern", "kern.db");
  const hint = `kern reindex ${dir}`;

  /** Damages the second half of kern.db, expects `kern start` to refuse with the fix, restores it. */
  async function expectStartRefused(): Promise<void> {
    const healthy = readFileSync(database);
    damageFrom(database, 0.5);
    const started = await kernProcess(["start", dir]);
    expect(started.code).not.toBe(0);
    expect(started.stderr).toContain(hint);
    writeFileSync(database, healthy);
  }

  it("refuses to start on it, naming kern reindex", async () => {
    await expectStartRefused();
  }, 60_000);

  it("checks again after a clean stop once kern.db changed (the stop's stamp no longer fits)", async () => {
    expect((await kernProcess(["start", dir])).code).toBe(0);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
    expect(existsSync(join(dir, ".kern", "kern.db.checked"))).toBe(true);
    await expectStartRefused();
  }, 60_000);

  it("names the fix when the damage appears while the daemon runs: turns and GET /doctor", async () => {
    const { client } = await startLiveDaemon(dir);
    damageFrom(database, 1 / 16);
    const report = await client.doctor(false);
    expect(report.score).toBe(0);
    expect(report.findings[0]).toMatchObject({ check: "log-index", severity: "error" });
    expect(report.findings[0]?.fix).toContain(hint);
    agent.llm.reply("never sent");
    const { events } = await runTurn(client, "what about zebras?");
    const error = events.find((event) => event.type === "error");
    expect(error).toMatchObject({ code: "KERN_INDEX_DAMAGED" });
    expect(JSON.stringify(error)).toContain(hint);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
  }, 60_000);
});
