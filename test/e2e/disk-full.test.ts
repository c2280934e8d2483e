// Hole 9 of issue 18: the disk fills up during a turn. Reproduced without root by lowering the
// running daemon's file-size limit (`prlimit --fsize`): every write past the limit fails with
// EFBIG, as writes on a full disk fail with ENOSPC (Node ignores SIGXFSZ). The turn must end
// with an error event, the daemon must stay up, and once writes work again (the limit lifted)
// it must go on with a consistent log and index.
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../src/protocol/index.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";

/** Sets the soft limit only (`soft:hard`), so the test can lift it again without privileges. */
function setFileSizeLimit(pid: number, bytes: number | "unlimited"): void {
  execFileSync("prlimit", ["--pid", String(pid), `--fsize=${bytes}:unlimited`]);
}

function sessionLogSize(dir: string): number {
  const sessions = join(dir, ".kern", "sessions");
  return Math.max(...readdirSync(sessions).map((name) => statSync(join(sessions, name)).size));
}

function errorOf(events: StreamEvent[]) {
  const error = events.find((event) => event.type === "error");
  return error?.type === "error" ? error : null;
}

function expectDiskFullError(events: StreamEvent[]): void {
  const error = errorOf(events);
  expect(error, JSON.stringify(events).slice(0, 500)).not.toBeNull();
  expect(error?.code).toBe("KERN_DISK_FULL");
  // SQLite reports a write past the size limit as SQLITE_IOERR_WRITE, a full disk as SQLITE_FULL.
  expect(error?.message).toMatch(/the disk is full|is the disk full\?/);
  expect(events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "error" });
}

describe("a full disk during a turn (issue 18, hole 9)", () => {
  const agent = useProcessAgent("kern-disk-full-");
  const dir = agent.dir;

  it("reports the failed write as an error event, stays up, and recovers when space returns", async () => {
    const { client, pid } = await startLiveDaemon(dir);
    agent.llm.reply("first answer");
    await runTurn(client, "a first question");

    // Nothing can grow: the message cannot be made durable, so the API refuses it (507) in the
    // one error shape instead of accepting it and losing it.
    setFileSizeLimit(pid, sessionLogSize(dir) + 2000);
    await expect(
      client.sendMessage({ text: `a long question ${"x".repeat(8000)}` }),
    ).rejects.toMatchObject({ code: "KERN_DISK_FULL" });
    expect(isAlive(pid)).toBe(true);
    expect(await client.status()).toHaveProperty("session");

    // The log can grow but kern.db cannot: the message is kept in the log, the index catches up
    // once writes work again.
    setFileSizeLimit(pid, sessionLogSize(dir) + 60_000);
    const indexFull = await runTurn(client, `the index is full ${"y".repeat(8000)}`);
    expectDiskFullError(indexFull.events);
    expect(isAlive(pid)).toBe(true);

    setFileSizeLimit(pid, "unlimited");
    agent.llm.reply("back to normal");
    const after = await runTurn(client, "does it work again?");
    expect(errorOf(after.events)).toBeNull();
    expect(after.events.at(-1)).toMatchObject({ type: "turn-end", text: "back to normal" });
    const history = await client.history({ limit: 50 });
    const texts = history.messages.map((message) => message.content ?? "");
    expect(texts.some((text) => text.startsWith("a long question"))).toBe(false);
    expect(texts.some((text) => text.startsWith("the index is full"))).toBe(true);
    expect(texts).toContain("does it work again?");
    expect(texts).toContain("back to normal");
    expect(history.messages.map((message) => message.seq)).toEqual(
      history.messages.map((_, index) => index),
    );

    expect((await kernProcess(["stop", dir])).code).toBe(0);
    const doctor = await kernProcess(["doctor", dir, "--json"]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const report = JSON.parse(doctor.stdout) as { score: number; stats: { corruptLines: number } };
    expect(report.stats.corruptLines).toBe(0);
    expect(report.score).toBe(100);
  }, 120_000);
});
