// Issue 49 item 4 (must-show 3): the unattended cap holds during work, not only before it. A
// 16-step job against a cap it passes at step 3, and five runs dispatched in one tick at spend 0:
// each ends with the day's unattended spend at most the cap plus one step's tokens. Real daemon,
// the fake model with set token counts.
import { afterEach, describe, expect, it } from "vitest";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import {
  isBackgroundRequest,
  lastUserText,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntilAsync,
} from "../support/test-daemon.js";

let running: TestDaemon | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

const STEP = { promptTokens: 390, completionTokens: 10 }; // 400 tokens a step
const CAP = 1000;

/** A job turn's step: a tool call while tools are offered, the final text when they are not. */
function jobStep(request: FakeChatRequest) {
  const toolsOffered = Array.isArray(request.tools) && request.tool_choice !== "none";
  return toolsOffered
    ? {
        kind: "tool-calls" as const,
        calls: [{ name: "schedule", args: { action: "list" } }],
        usage: STEP,
      }
    : { kind: "text" as const, text: "stopped at the budget", usage: STEP };
}

async function spent(daemon: TestDaemon): Promise<number> {
  return (await daemon.client.jobs()).unattended.spentToday;
}

describe("the unattended cap mid-work (issue 49 item 4)", () => {
  it("stops a 16-step job at the cap: the last step is text-only, the day ends ≤ cap + one step", async () => {
    const daemon = await startTestDaemon({
      config: { jobs: { max: 50, minInterval: "1s" }, unattendedTokensPerDay: CAP, maxSteps: 16 },
    });
    running = daemon;
    daemon.llm.when((request) => !isBackgroundRequest(request), jobStep);
    await daemon.client.jobAdd({
      name: "long",
      prompt: "Check every server, one by one.",
      in: "1s",
    });
    await waitUntilAsync(
      async () => (await daemon.client.jobs({ all: true })).runs?.length === 1,
      "the long run's end",
      20_000,
    );
    const steps = turnRequests(daemon.llm);
    expect(steps.length).toBeLessThan(16);
    expect(steps.at(-1)?.tools).toBeUndefined(); // the last step was text-only
    expect(await spent(daemon)).toBeLessThanOrEqual(CAP + 400);
    const run = (await daemon.client.jobs({ all: true })).runs?.[0];
    expect(run).toMatchObject({ job: "long", outcome: "ok" }); // it ended with an answer
  });

  it("re-checks each run queued in one tick when it starts: later ones make no model call", async () => {
    const daemon = await startTestDaemon({
      config: { jobs: { max: 50, minInterval: "1s" }, unattendedTokensPerDay: CAP },
    });
    running = daemon;
    daemon.llm.when(
      (request) => !isBackgroundRequest(request),
      () => ({ kind: "text" as const, text: "checked", usage: STEP }),
    );
    const at = new Date(Date.now() + 2_000).toISOString();
    for (let index = 0; index < 5; index += 1)
      await daemon.client.jobAdd({ name: `check-${index}`, prompt: `check ${index}`, at });
    await waitUntilAsync(
      async () => (await daemon.client.jobs({ all: true })).runs?.length === 5,
      "five settled runs",
      20_000,
    );
    const runs = (await daemon.client.jobs({ all: true })).runs ?? [];
    const made = turnRequests(daemon.llm).filter((request) =>
      lastUserText(request).startsWith("[via job check-"),
    );
    expect(made.length).toBeLessThan(5);
    expect(runs.filter((run) => run.outcome === "skipped-budget").length).toBe(5 - made.length);
    expect(await spent(daemon)).toBeLessThanOrEqual(CAP + 400);
  });
});
