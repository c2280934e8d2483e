// Issue 26 (Build 6): the unattended budget counts sub-agents. A job's turn starts a sub-agent; the
// sub-agent's steps and the turn that brings its result back are unattended tokens, so the day's
// spend passes the cap: the next run of the job is refused, a sub-agent an unattended turn asks
// for is refused, and the operator is told once. At the cap no unattended step runs at all. Real
// daemon, the fake OpenAI-compatible model with set token counts.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import {
  isBackgroundRequest,
  isSubagentRequest,
  lastUserText,
  requestText,
  startTestDaemon,
  type TestDaemon,
  waitUntil,
} from "../support/test-daemon.js";

let running: TestDaemon | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

const SMALL = { promptTokens: 10, completionTokens: 5 };
const SUBAGENT = { promptTokens: 1500, completionTokens: 20 };

/** What a turn's tool results said, newest last. */
function toolResults(request: FakeChatRequest): string[] {
  return request.messages.filter((message) => message.role === "tool").map(requestText);
}

describe("the unattended budget and sub-agents (issue 26)", () => {
  it("counts a job's sub-agent, then refuses the next run and an unattended spawn, with one notice", async () => {
    const daemon = await startTestDaemon({
      config: { jobs: { max: 50, minInterval: "1s" }, unattendedTokensPerDay: 1000 },
    });
    running = daemon;
    const { llm } = daemon;
    llm.when(
      (request) => !isBackgroundRequest(request) && isSubagentRequest(request),
      () => ({ kind: "text", text: "WIDGETS: 42", usage: SUBAGENT }),
    );
    const refusals: string[] = [];
    llm.when(
      (request) => !isBackgroundRequest(request) && !isSubagentRequest(request),
      (request) => {
        const last = lastUserText(request);
        const answered = request.messages.at(-1)?.role === "tool";
        if (answered) {
          refusals.push(...toolResults(request).filter((result) => result.includes("budget")));
          return { kind: "text", text: "done", usage: SMALL };
        }
        // The job's turn, the result's turn (unattended) and the person's turn each spawn one.
        if (
          last.includes("[via job research") ||
          last.includes("[via subagent") ||
          last.includes("spawn one")
        )
          return {
            kind: "tool-calls",
            calls: [{ name: "spawn", args: { task: "count widgets" } }],
            usage: SMALL,
          };
        return { kind: "text", text: "ok", usage: SMALL };
      },
    );
    const client = daemon.client;
    await client.jobAdd({ name: "research", prompt: "count the widgets", every: "1h" });

    const first = await client.jobRun("research");
    expect(first.turnId).not.toBeNull();
    await daemon.turnEvents(first.turnId ?? "");
    // The sub-agent runs; its result comes back as a `subagent` turn, which finds the budget
    // spent when it starts (issue 49 item 4): it makes no model call, so spawns nothing more.
    const subagentRequests = () =>
      llm.requests.filter((request) => !isBackgroundRequest(request) && isSubagentRequest(request))
        .length;
    await waitUntil(() => subagentRequests() === 1, "the sub-agent's step", 30_000);
    await waitUntil(
      () => daemon.daemon.runtime.pendingTurns().length === 0,
      "the result turn's end",
      30_000,
    );
    await daemon.daemon.runtime.whenIdle();
    expect(subagentRequests()).toBe(1); // the unattended turn's second sub-agent never started
    const resultTurns = llm.requests.filter(
      (request) =>
        !isBackgroundRequest(request) &&
        !isSubagentRequest(request) &&
        lastUserText(request).includes("[via subagent"),
    );
    expect(resultTurns).toHaveLength(0);
    expect(refusals).toEqual([]);

    // Spend: the job's two steps and the sub-agent's step; the result turn spent nothing.
    const overview = await client.jobs();
    expect(overview.unattended.spentToday).toBe(15 + 15 + 1520);
    expect(overview.unattended.notice).toContain("unattended budget reached");

    // The job's next run is refused at the cap.
    expect((await client.jobRun("research")).turnId).toBeNull();
    const research = (await client.jobs()).jobs.find((job) => job.name === "research");
    expect(research?.lastRun?.outcome).toBe("skipped-budget");
    expect(subagentRequests()).toBe(1);

    // A person's own turn may still ask for a sub-agent, but the cap is a ceiling checked before
    // every unattended step (issue 49 item 4): at the cap its first step makes no model call.
    const asked = await daemon.client.sendMessage({ text: "please spawn one" });
    await daemon.turnEvents(asked.turnId);
    await waitUntil(
      () => daemon.daemon.runtime.pendingTurns().length === 0,
      "the person's sub-agent's end",
      30_000,
    );
    await daemon.daemon.runtime.whenIdle();
    expect(subagentRequests()).toBe(1);

    // The operator was told once, however many runs and sub-agents were refused.
    const warnings = readFileSync(daemon.logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("unattended budget reached"));
    expect(warnings).toHaveLength(1);
  }, 90_000);
});
