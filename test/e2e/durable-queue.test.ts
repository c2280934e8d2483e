// Hole 6 of issue 18: messages the API accepted (queued behind a running turn) must survive a
// kill -9 and a `kern stop`: replayed in order after the next start, each exactly once. A real
// daemon process, the fake model, real files.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntil } from "../support/test-daemon.js";

function userTexts(dir: string): string[] {
  const sessions = join(dir, ".kern", "sessions");
  return readdirSync(sessions)
    .sort()
    .flatMap((name) => readFileSync(join(sessions, name), "utf8").trim().split("\n"))
    .map((line) => JSON.parse(line) as { role?: string; content?: string })
    .filter((entry) => entry.role === "user")
    .map((entry) => String(entry.content).split("\n").at(-1) ?? "");
}

async function startAndConnect(dir: string) {
  const started = await kernProcess(["start", dir]);
  expect(started.code, started.stderr).toBe(0);
  const status = await kernProcess(["status", dir, "--json"]);
  const { url } = JSON.parse(status.stdout) as { url: string };
  const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
  return createDaemonClient({ baseUrl: url, token });
}

function daemonPid(dir: string): number {
  return (JSON.parse(readFileSync(join(dir, ".kern", "daemon.pid"), "utf8")) as { pid: number })
    .pid;
}

describe("accepted messages are durable (issue 18, hole 6)", () => {
  const agent = useProcessAgent("kern-durable-queue-");
  const dir = agent.dir;

  it("replays the turns queued behind a running one after kill -9, in order, once each", async () => {
    const client = await startAndConnect(dir);
    agent.llm.stall(); // the first turn hangs in the model
    const before = turnRequests(agent.llm).length; // the other test may have run first
    await client.sendMessage({ text: "k-first" });
    await waitUntil(() => turnRequests(agent.llm).length > before, "the first turn's model call");
    for (const text of ["k-second", "k-third", "k-fourth"]) await client.sendMessage({ text });
    process.kill(daemonPid(dir), "SIGKILL");
    await waitUntil(() => !isAlive(daemonPid(dir)), "the daemon to die", 10_000);

    await startAndConnect(dir);
    await waitUntil(
      () => userTexts(dir).filter((text) => text.startsWith("k-")).length >= 4,
      "the replayed turns",
      30_000,
    );
    await waitUntil(
      () => turnRequests(agent.llm).length >= before + 4,
      "their model calls",
      30_000,
    );
    expect(userTexts(dir).filter((text) => text.startsWith("k-"))).toEqual([
      "k-first",
      "k-second",
      "k-third",
      "k-fourth",
    ]);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
  }, 120_000);

  it("keeps the turns queued at `kern stop` and runs them after the next start", async () => {
    const client = await startAndConnect(dir);
    agent.llm.stall();
    const before = turnRequests(agent.llm).length;
    await client.sendMessage({ text: "s-first" });
    await waitUntil(() => turnRequests(agent.llm).length > before, "the first turn's model call");
    for (const text of ["s-second", "s-third"]) await client.sendMessage({ text });
    expect((await kernProcess(["stop", dir])).code).toBe(0);

    await startAndConnect(dir);
    await waitUntil(
      () => userTexts(dir).filter((text) => text.startsWith("s-")).length >= 3,
      "the replayed turns",
      30_000,
    );
    expect(userTexts(dir).filter((text) => text.startsWith("s-"))).toEqual([
      "s-first",
      "s-second",
      "s-third",
    ]);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
  }, 120_000);
});
