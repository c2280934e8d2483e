// Issue 29, Must show 3: kill -9 of the daemon (the built CLI) while a background `sleep 600` and
// a sub-agent run. After the restart no process of the old run is alive, the session says both
// were interrupted, and no request to the model ever holds a tool call without its result.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import { groupMembers } from "../../src/plugins/processes/process-identity.js";
import { type FakeChatRequest, type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { isAlive } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  answerBackgroundCalls,
  isBackgroundRequest,
  isSubagentRequest,
  requestText,
  waitUntil,
} from "../support/test-daemon.js";

const BUILT = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

function kern(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BUILT, ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

/** Tool calls in a request without a tool result after them: what a provider refuses. */
function orphanCalls(request: FakeChatRequest): string[] {
  const answered = new Set(
    request.messages
      .filter((message) => message.role === "tool")
      .map((message) => message.tool_call_id),
  );
  return request.messages.flatMap((message) =>
    (message.tool_calls ?? [])
      .map((call) => (call as { id: string }).id)
      .filter((id) => !answered.has(id)),
  );
}

function sessionLines(dir: string): Array<{ role?: string; content?: string | null }> {
  const sessions = join(dir, ".kern", "sessions");
  return readdirSync(sessions)
    .sort()
    .flatMap((name) => readFileSync(join(sessions, name), "utf8").trim().split("\n"))
    .map((line) => JSON.parse(line) as { role?: string; content?: string | null });
}

async function connect(dir: string) {
  const status = await kern(["status", dir, "--json"]);
  const { url, pid } = JSON.parse(status.stdout) as { url: string; pid: number };
  const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
  return { client: createDaemonClient({ baseUrl: url, token }), pid };
}

describe("kill -9 with a background command and a sub-agent running (issue 29)", () => {
  const temp = makeTempDir("kern-subagents-kill-");
  const dir = join(temp.path, "agent");
  let llm: FakeLlm;

  beforeAll(async () => {
    llm = await startFakeLlm();
    answerBackgroundCalls(llm, "- (summary)", { fallback: true });
    llm.when(
      (request) => !isBackgroundRequest(request) && isSubagentRequest(request),
      () => ({ kind: "stall" }), // the sub-agent is mid model call when the daemon dies
    );
    llm.when(
      (request) => !isBackgroundRequest(request) && !isSubagentRequest(request),
      (request) => {
        const last = requestText([...request.messages].reverse().find((m) => m.role === "user"));
        if (last.includes("start the work")) {
          if (request.messages.at(-1)?.role === "tool") return "Started.";
          return {
            kind: "tool-calls",
            calls: [
              { name: "bash", args: { command: "sleep 600", background: true } },
              { name: "spawn", args: { task: "DELTA: take your time" } },
            ],
          };
        }
        return "Noted.";
      },
    );
    const init = await kern([
      ...["init", dir, "--provider", "openai-compatible", "--model", "fake-model"],
      ...["--base-url", llm.baseUrl, "--yes"],
    ]);
    expect(init.code, init.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await kern(["stop", dir]);
    await llm.close();
    temp.cleanup();
  }, 60_000);

  it("ends the old run's processes, says both were interrupted, sends no orphan tool call", async () => {
    expect((await kern(["start", dir])).code).toBe(0);
    const { client, pid } = await connect(dir);
    const turn = await client.sendMessage({ text: "start the work" });
    await waitUntil(
      () => sessionLines(dir).some((line) => line.content === "Started."),
      "the turn that starts both",
      30_000,
    );
    expect(turn.turnId).toBeTruthy();
    const work = { subagents: await client.subagents(), processes: await client.processes() };
    const command = work.processes[0];
    const subagent = work.subagents[0];
    expect(command?.state).toBe("running");
    expect(subagent?.state).toBe("running");
    await waitUntil(
      () => llm.requests.some(isSubagentRequest),
      "the sub-agent's model call",
      30_000,
    );
    const group = command?.pid ?? 0;
    expect(groupMembers(group).length).toBeGreaterThan(0);

    process.kill(pid, "SIGKILL");
    await waitUntil(() => !isAlive(pid), "the daemon to die", 10_000);
    // The watcher in the group ends it once the daemon is gone.
    await waitUntil(() => groupMembers(group).length === 0, "the command's group to end", 10_000);

    expect((await kern(["start", dir])).code).toBe(0);
    await waitUntil(
      () => {
        const texts = sessionLines(dir).map((line) => line.content ?? "");
        return (
          texts.some((content) =>
            content.includes(`background command ${command?.id} was interrupted`),
          ) &&
          texts.some((content) => content.includes(`sub-agent ${subagent?.id} was interrupted`))
        );
      },
      "the session to say both were interrupted",
      30_000,
    );
    expect(groupMembers(group)).toEqual([]);
    const after = await connect(dir);
    expect(await after.client.subagents()).toEqual([]);
    // Its transcript is closed: the stalled step left no unanswered call, and says it was cut short.
    const transcript = readFileSync(
      join(dir, ".kern", "subagents", `${subagent?.id}.jsonl`),
      "utf8",
    );
    expect(transcript).toContain("interrupted");
    for (const request of llm.requests) expect(orphanCalls(request)).toEqual([]);
  }, 120_000);
});
