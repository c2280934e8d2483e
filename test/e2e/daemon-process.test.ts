import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { kernProcess } from "../support/kern-process.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";

/** Opens the event stream, then acts, then reads until `done` (bounded), so no event is missed. */
async function untilEvent(
  client: DaemonClient,
  act: () => Promise<unknown>,
  done: (event: StreamEvent) => boolean,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const reading = (async () => {
    for await (const event of client.events(controller.signal, { onOpen: () => opened() })) {
      if (done(event)) return true;
    }
    return false;
  })();
  await Promise.race([open, reading]);
  await act();
  const found = await reading;
  clearTimeout(timer);
  controller.abort();
  expect(found, "the awaited event arrived").toBe(true);
}

describe("the daemon as real processes", () => {
  const agent = useProcessAgent("kern-e2e-");
  const dir = agent.dir;

  it("starts, reports status, refuses a second start politely, survives kill -9 mid-tool without orphan calls, and stops", async () => {
    const started = await kernProcess(["start", dir]);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/started \(pid \d+\) — http:\/\/127\.0\.0\.1:\d+\//);
    const status = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as Record<
      string,
      unknown
    >;
    expect(status).toMatchObject({ running: true, model: "fake-model" });
    expect(status["url"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const pid = status["pid"] as number;
    const again = await kernProcess(["start", dir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already running");

    const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
    const client = createDaemonClient({ baseUrl: status["url"] as string, token });
    agent.llm.replyToolCall("bash", { command: "sleep 30" }, { id: "call_sleep" });
    await untilEvent(
      client,
      () => client.sendMessage({ text: "run a long command" }),
      (event) => event.type === "tool-call",
    );
    process.kill(pid, "SIGKILL");
    while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));

    const restarted = await kernProcess(["start", dir]);
    expect(restarted.code, restarted.stderr).toBe(0);
    const status2 = JSON.parse((await kernProcess(["status", dir, "--json"])).stdout) as Record<
      string,
      unknown
    >;
    const client2 = createDaemonClient({ baseUrl: status2["url"] as string, token });
    agent.llm.reply("all good");
    const before = turnRequests(agent.llm).length;
    let turnId = "";
    await untilEvent(
      client2,
      async () => {
        turnId = (await client2.sendMessage({ text: "are you back?" })).turnId;
      },
      (event) => event.type === "turn-end" && event.turnId === turnId,
    );
    const request = turnRequests(agent.llm)[before];
    const calls = (request?.messages ?? []).flatMap(
      (message) => (message.tool_calls ?? []) as Array<{ id: string }>,
    );
    const answered = new Set(
      (request?.messages ?? [])
        .filter((message) => message.role === "tool")
        .map((message) => message.tool_call_id),
    );
    expect(calls.map((call) => call.id)).toContain("call_sleep");
    for (const call of calls) expect(answered.has(call.id)).toBe(true);
    const sessions = join(dir, ".kern", "sessions");
    for (const file of readdirSync(sessions)) {
      for (const line of readFileSync(join(sessions, file), "utf8").trim().split("\n"))
        expect(() => JSON.parse(line)).not.toThrow();
    }

    const memory = await kernProcess(["memory", dir, "--json"]);
    expect(memory.code, memory.stderr).toBe(0);
    expect(JSON.parse(memory.stdout)).toMatchObject({
      session: status2["session"] && (status2["session"] as { id: string }).id,
    });

    const stopped = await kernProcess(["stop", dir]);
    expect(stopped.stdout).toContain("stopped the daemon");
    expect(existsSync(join(dir, ".kern", "daemon.pid"))).toBe(false);
    expect((await kernProcess(["status", dir])).stdout).toContain("not running");
  }, 240_000);
});
