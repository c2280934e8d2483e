// Issue 49 item 5: chains through result turns are bounded with the default config
// (`unattendedTokensPerDay` null). A model that always spawns again made 330 sub-agents in 60 s,
// one that always starts another background command 230 command turns: each result turn and each
// command's end ran at depth 0, and nothing counted what they started. Now a result turn runs at
// its sub-agent's depth (no spawn past `subagentDepth`), and unattended turns start at most 30
// background commands an hour. Real daemon, the fake model as the adversary.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import {
  isBackgroundRequest,
  lastUserText,
  requestText,
  startTestDaemon,
  type TestDaemon,
  waitUntilAsync,
} from "../support/test-daemon.js";

let running: TestDaemon | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

/** After a tool result: a text; else the call again, whether or not the tool is offered. */
function always(call: { name: string; args: Record<string, unknown> }) {
  return (request: FakeChatRequest) =>
    request.messages.at(-1)?.role === "tool"
      ? { kind: "text" as const, text: "done for now" }
      : { kind: "tool-calls" as const, calls: [call] };
}

/** The distinct names matched by `pattern` in the requests' texts. */
function distinct(daemon: TestDaemon, pattern: RegExp): Set<string> {
  const names = new Set<string>();
  for (const request of daemon.llm.requests)
    for (const message of request.messages)
      for (const match of requestText(message).matchAll(pattern)) names.add(match[1] ?? "");
  return names;
}

/** Waits until nothing runs or waits, then a quiet second more with no new model call. */
async function settle(daemon: TestDaemon, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await waitUntilAsync(
    async () => {
      const before = daemon.llm.requests.length;
      await daemon.daemon.runtime.whenIdle();
      if (await isBusy(daemon)) return false;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return daemon.llm.requests.length === before && !(await isBusy(daemon));
    },
    "the chain's end",
    timeoutMs,
  );
  return Date.now() - started;
}

/** A sub-agent or a background command still runs. */
async function isBusy(daemon: TestDaemon): Promise<boolean> {
  const [subagents, processes] = await Promise.all([
    daemon.client.subagents(),
    daemon.client.processes(),
  ]);
  return [...subagents, ...processes].some((row) => row.state === "running");
}

describe("chains through result turns (issue 49 item 5)", () => {
  it("a model that always spawns again: one sub-agent, its result turn offered no spawn", async () => {
    const daemon = await startTestDaemon();
    running = daemon;
    daemon.llm.when(
      (request) => !isBackgroundRequest(request),
      always({ name: "spawn", args: { task: "look into it, and spawn again" } }),
    );
    await daemon.client.sendMessage({ text: "research this" });
    const ms = await settle(daemon, 30_000);
    const subagents = distinct(daemon, /You are sub-agent (s-[0-9a-z]{6})/g);
    const resultTurns = daemon.llm.requests.filter(
      (request) =>
        !isBackgroundRequest(request) && lastUserText(request).startsWith("[via subagent"),
    );
    expect(subagents.size).toBe(1); // before: a new one every result turn, 330 in 60 s
    expect(resultTurns.length).toBeGreaterThan(0);
    for (const request of resultTurns)
      expect(JSON.stringify(request.tools ?? [])).not.toContain('"name":"spawn"');
    expect(ms).toBeLessThan(30_000);
  });

  it("a model that always starts another background command: 1 + 30 commands, then a tool error, logged", async () => {
    const daemon = await startTestDaemon();
    running = daemon;
    daemon.llm.when(
      (request) => !isBackgroundRequest(request),
      always({ name: "bash", args: { command: "true", background: true } }),
    );
    await daemon.client.sendMessage({ text: "start the check" });
    const ms = await settle(daemon, 90_000);
    // Each command's end is one turn; its first step names the command.
    const commandTurns = distinct(daemon, /^\[via process (p-[0-9a-z]{6})/gm);
    expect(commandTurns.size).toBe(31); // the person's one, then 30 by the ends' turns
    const refusals = daemon.llm.requests.filter(
      (request) =>
        !isBackgroundRequest(request) &&
        requestText(request.messages.at(-1)).includes(
          "30 background commands were started by unattended turns in the last hour",
        ),
    );
    expect(refusals).toHaveLength(1);
    expect(readFileSync(daemon.logFile, "utf8")).toContain("hourly limit of unattended starts");
    expect(ms).toBeLessThan(90_000);
  }, 120_000);
});
