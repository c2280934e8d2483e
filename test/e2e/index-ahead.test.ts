// Hole 4 of issue 18: a session log restored from a backup leaves kern.db ahead of it. New
// messages must still reach the index and the model. A real daemon process, real files.
import { copyFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import type { FakeLlm } from "../fakes/fake-llm-server.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";

interface Status {
  url: string;
  session: { messages: number };
  queue: { running: unknown; waiting: number };
}

async function status(dir: string): Promise<Status> {
  const result = await kernProcess(["status", dir, "--json"]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Status;
}

/** Starts the daemon, sends one message, waits (bounded) until its turn is done, stops. */
async function oneTurn(dir: string, llm: FakeLlm, text: string, expected: number): Promise<void> {
  const started = await kernProcess(["start", dir]);
  expect(started.code, started.stderr).toBe(0);
  const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
  const client = createDaemonClient({ baseUrl: (await status(dir)).url, token });
  llm.reply(`answer to ${text}`);
  await client.sendMessage({ text });
  const deadline = Date.now() + 60_000;
  let now = await status(dir);
  while (
    Date.now() < deadline &&
    !(now.session.messages >= expected && now.queue.running === null)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = await status(dir);
  }
  expect(now.session.messages).toBe(expected);
  expect((await kernProcess(["stop", dir])).code).toBe(0);
}

describe("index ahead of the log (issue 18, hole 4)", () => {
  const agent = useProcessAgent("kern-index-ahead-");
  const dir = agent.dir;

  it("indexes new messages after the log is restored from a backup, and the model sees them", async () => {
    await oneTurn(dir, agent.llm, "first question", 2);
    const sessions = join(dir, ".kern", "sessions");
    const [file] = readdirSync(sessions);
    const log = join(sessions, file ?? "");
    copyFileSync(log, join(dir, "..", "backup.jsonl"));
    await oneTurn(dir, agent.llm, "second question", 4);
    copyFileSync(join(dir, "..", "backup.jsonl"), log); // the restore: kern.db is now ahead

    await oneTurn(dir, agent.llm, "zebra after the restore", 4);
    const last = turnRequests(agent.llm).at(-1);
    expect(JSON.stringify(last?.messages)).toContain("zebra after the restore");
    expect(JSON.stringify(last?.messages)).not.toContain("second question");
    const stopped = await status(dir);
    expect(stopped.session.messages).toBe(4);

    // Restored once more, then `kern doctor`: it says what happened, with the fix, below 100.
    copyFileSync(join(dir, "..", "backup.jsonl"), log);
    const doctor = await kernProcess(["doctor", dir, "--json"]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const report = JSON.parse(doctor.stdout) as {
      score: number;
      findings: Array<{ check: string; message: string; fix?: string }>;
    };
    expect(report.score).toBeLessThan(100);
    const finding = report.findings.find((item) => item.check === "log-index");
    expect(finding?.message).toContain("holds 2");
    expect(finding?.fix).toContain("backup");
  }, 240_000);
});
