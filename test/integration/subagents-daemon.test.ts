// Issue 29, Must show 1 and 2: sub-agents run beside the queue in a real daemon with the scripted
// fake model; their results come back into the session; a sub-agent and a background command are
// cancelled from the web API within 2 s and their ends are recorded in the session.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { groupMembers } from "../../src/plugins/processes/process-identity.js";
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

function allText(request: FakeChatRequest): string {
  return request.messages.map(requestText).join("\n");
}

/** Everything the session log holds so far, via the API (user and assistant texts). */
async function sessionTexts(daemon: TestDaemon): Promise<string[]> {
  const page = await daemon.client.history({ limit: 500 });
  return page.messages.map((message) => message.content ?? "");
}

describe("sub-agents in a running daemon (issue 29)", () => {
  it("runs two sub-agents beside the queue; the user is answered meanwhile; both results come back and are used", async () => {
    const daemon = await startTestDaemon();
    running = daemon;
    const gate = join(daemon.agentDir, "gate");
    const { llm } = daemon;
    // The sub-agents: each waits in a tool (bash) until the test opens the gate, then answers.
    llm.when(
      (request) => !isBackgroundRequest(request) && isSubagentRequest(request),
      (request) => {
        const name = allText(request).includes("Task: ALPHA") ? "ALPHA" : "BETA";
        if (request.messages.at(-1)?.role === "tool")
          return { kind: "text", text: `${name}-RESULT: ${name === "ALPHA" ? 42 : 7} widgets` };
        return {
          kind: "tool-calls",
          calls: [
            {
              name: "bash",
              args: { command: `while [ ! -f gate ]; do sleep 0.05; done; echo ${name} tool ran` },
            },
          ],
        };
      },
    );
    // The main session, routed by its newest user message.
    llm.when(
      (request) => !isBackgroundRequest(request) && !isSubagentRequest(request),
      (request) => {
        const last = lastUserText(request);
        if (last.includes("research ALPHA and BETA")) {
          if (request.messages.at(-1)?.role === "tool") return "I started two sub-agents.";
          return {
            kind: "tool-calls",
            calls: [
              { name: "spawn", args: { task: "ALPHA: count the alpha widgets" } },
              { name: "spawn", args: { task: "BETA: count the beta widgets" } },
            ],
          };
        }
        if (last.includes("how is it going")) return "Still working on it.";
        if (last.includes("[via subagent")) return "Noted a sub-agent's result.";
        if (last.includes("compare the results")) {
          const all = allText(request);
          const alpha = all.includes("ALPHA-RESULT: 42 widgets");
          const beta = all.includes("BETA-RESULT: 7 widgets");
          return alpha && beta ? "ALPHA has 42, BETA has 7: ALPHA wins." : "I do not know.";
        }
        return "ok";
      },
    );

    const first = await daemon.client.sendMessage({ text: "research ALPHA and BETA" });
    const firstEnd = (await daemon.turnEvents(first.turnId)).at(-1);
    expect(firstEnd).toMatchObject({ type: "turn-end", text: "I started two sub-agents." });
    const spawned = {
      subagents: await daemon.client.subagents(),
      processes: await daemon.client.processes(),
    };
    expect(spawned.subagents.map((row) => row.state)).toEqual(["running", "running"]);

    // While both wait at the gate, the user is answered.
    const second = await daemon.client.sendMessage({ text: "how is it going?" });
    const secondEnd = (await daemon.turnEvents(second.turnId)).at(-1);
    expect(secondEnd).toMatchObject({ type: "turn-end", text: "Still working on it." });
    expect((await daemon.client.subagents()).map((row) => row.state)).toEqual([
      "running",
      "running",
    ]);

    writeFileSync(gate, "open");
    await waitUntil(
      () =>
        llm.requests.filter(
          // not the memory worker's calls: the keeper also sees a result turn's text
          (request) =>
            !isBackgroundRequest(request) &&
            !isSubagentRequest(request) &&
            lastUserText(request).includes("[via subagent"),
        ).length >= 2,
      "both sub-agents' result turns",
      30_000,
    );
    await daemon.daemon.runtime.whenIdle();
    const third = await daemon.client.sendMessage({ text: "compare the results" });
    const thirdEnd = (await daemon.turnEvents(third.turnId)).at(-1);
    expect(thirdEnd).toMatchObject({ text: "ALPHA has 42, BETA has 7: ALPHA wins." });

    // Both ends are in the session as subagent turns, linked to their transcripts.
    const page = await daemon.client.history({ limit: 500 });
    const results = page.messages
      .filter((message) => message.role === "user" && message.meta?.interface === "subagent")
      .map((message) => message.content ?? "");
    expect(results).toHaveLength(2);
    expect(results.join("\n")).toContain("ALPHA-RESULT: 42 widgets");
    expect(results.join("\n")).toContain("BETA-RESULT: 7 widgets");
    expect(results.join("\n")).toMatch(/transcript: .*\.kern\/subagents\/s-[0-9a-z]{6}\.jsonl/);
    const ended = {
      subagents: await daemon.client.subagents(),
      processes: await daemon.client.processes(),
    };
    expect(ended.subagents.map((row) => row.state)).toEqual(["done", "done"]);
    for (const row of ended.subagents) expect(row.inputTokens).toBeGreaterThan(0);
    // Their tokens are usage with purpose "subagent"; their transcripts are searchable.
    const usage = daemon.daemon.store.db
      .prepare(
        "SELECT COUNT(*) AS n, SUM(input_tokens) AS i FROM usage WHERE purpose = 'subagent' AND turn_id LIKE 'subturn_%'",
      )
      .get() as { n: number; i: number };
    expect(usage.n).toBe(4);
    expect(usage.i).toBe(ended.subagents.reduce((sum, row) => sum + row.inputTokens, 0));
    const recalled = await daemon.client.recall("alpha tool ran", 5);
    expect(recalled.results.map((hit) => hit.session)).toContain(
      ended.subagents.find((row) => row.task.startsWith("ALPHA"))?.id,
    );
  }, 90_000);

  it("cancels a sub-agent and a background command from the web API within 2 s; both ends are in the session", async () => {
    const daemon = await startTestDaemon();
    running = daemon;
    const { llm } = daemon;
    llm.when(
      (request) => !isBackgroundRequest(request) && isSubagentRequest(request),
      () => ({ kind: "stall" }), // the sub-agent's model call never answers
    );
    llm.when(
      (request) => !isBackgroundRequest(request) && !isSubagentRequest(request),
      (request) => {
        const last = lastUserText(request);
        if (last.includes("start both")) {
          if (request.messages.at(-1)?.role === "tool") return "Both started.";
          return {
            kind: "tool-calls",
            calls: [
              { name: "spawn", args: { task: "GAMMA: wait forever" } },
              { name: "bash", args: { command: "sleep 600", background: true } },
            ],
          };
        }
        return "Noted.";
      },
    );
    const turn = await daemon.client.sendMessage({ text: "start both" });
    expect((await daemon.turnEvents(turn.turnId)).at(-1)).toMatchObject({ text: "Both started." });
    const work = {
      subagents: await daemon.client.subagents(),
      processes: await daemon.client.processes(),
    };
    const subagent = work.subagents[0];
    const command = work.processes[0];
    expect(subagent?.state).toBe("running");
    expect(command?.state).toBe("running");

    let started = Date.now();
    const cancelled = await daemon.client.cancelSubagent(subagent?.id ?? "");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(cancelled.state).toBe("cancelled");
    started = Date.now();
    const stopped = await daemon.client.stopProcess(command?.id ?? "");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stopped.state).toBe("stopped");
    await waitUntil(
      () => groupMembers(command?.pid ?? 0).length === 0,
      "no process of the command's group left",
      1000,
    );

    await waitUntil(
      () =>
        llm.requests.filter(
          (request) =>
            !isBackgroundRequest(request) &&
            !isSubagentRequest(request) &&
            (lastUserText(request).includes("[via subagent") ||
              lastUserText(request).includes("[via process")),
        ).length >= 2,
      "both end turns",
      30_000,
    );
    await daemon.daemon.runtime.whenIdle();
    const texts = (await sessionTexts(daemon)).join("\n");
    expect(texts).toContain(`sub-agent ${subagent?.id} was cancelled`);
    expect(texts).toContain(`background command ${command?.id} was stopped`);
    await expect(daemon.client.cancelSubagent("s-nope00")).rejects.toMatchObject({
      code: "KERN_NOT_FOUND",
    });
  }, 90_000);
});
