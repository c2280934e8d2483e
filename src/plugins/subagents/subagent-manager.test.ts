import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { SYSTEM_CLOCK } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import {
  type SubagentEnd,
  SubagentManager,
  type SubagentRun,
  UNATTENDED_SPAWNS_PER_HOUR,
} from "./subagent-manager.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

/** A loop that waits for its signal (or `release`), then answers with the task reversed. */
function setup(maxSubagents = 2) {
  const temp = makeTempDir("kern-subagents-");
  temps.push(temp);
  const ends: SubagentEnd[] = [];
  const runs: SubagentRun[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const manager = new SubagentManager({
    dir: join(temp.path, "subagents"),
    recordFile: join(temp.path, "subagents.json"),
    clock: SYSTEM_CLOCK,
    logger: createSilentLogger(),
    maxSubagents,
    loop: async (run) => {
      runs.push(run);
      run.onUsage({ inputTokens: 100, outputTokens: 7 });
      const aborted = new Promise<void>((resolve) =>
        run.signal.addEventListener("abort", () => resolve()),
      );
      await Promise.race([released, aborted]);
      if (run.signal.aborted) return { text: "partial", stopReason: "cancelled" };
      return { text: [...run.task].reverse().join(""), stopReason: "end" };
    },
    onEnd: (end) => ends.push(end),
  });
  return { dir: temp.path, manager, ends, runs, release };
}

const request = { toolScope: "read" as const, maxSteps: 5, timeoutMs: 60_000, depth: 1 };

describe("SubagentManager", () => {
  it("runs a sub-agent beside the caller and reports its result, tokens and transcript", async () => {
    const { manager, ends, release, dir } = setup();
    const view = manager.spawn({
      ...request,
      task: "abc",
      replyTo: { channel: "telegram", chat: "7" },
    });
    expect(view.id).toMatch(/^s-[0-9a-z]{6}$/);
    expect(manager.running().map((running) => running.id)).toEqual([view.id]);
    expect(existsSync(view.transcript)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "subagents.json"), "utf8"))).toHaveLength(1);
    release();
    await manager.whenEnded(view.id);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ text: "cba", replyTo: { channel: "telegram", chat: "7" } });
    expect(ends[0]?.view).toMatchObject({ state: "done", inputTokens: 100, outputTokens: 7 });
    expect(JSON.parse(readFileSync(join(dir, "subagents.json"), "utf8"))).toEqual([]);
  });

  it("bounds chains: at most 30 sub-agents an hour for unattended turns, a person's not counted", async () => {
    const { manager, release } = setup(1_000);
    release();
    for (let index = 0; index < UNATTENDED_SPAWNS_PER_HOUR; index += 1)
      manager.spawn({ ...request, task: `chain ${index}`, parentKind: "subagent" });
    expect(() => manager.spawn({ ...request, task: "one more", parentKind: "subagent" })).toThrow(
      /30 sub-agents were started by unattended turns in the last hour/,
    );
    expect(() => manager.spawn({ ...request, task: "mine", parentKind: "message" })).not.toThrow();
    await manager.stopAll();
  });

  it("gives its end the sub-agent's depth: the result turn runs at it (chains end at subagentDepth)", async () => {
    const { manager, ends, release } = setup();
    release();
    const view = manager.spawn({ ...request, depth: 2, task: "deep" });
    await manager.whenEnded(view.id);
    expect(ends[0]?.depth).toBe(2);
  });

  it("refuses more than maxSubagents at once, saying how to go on", () => {
    const { manager } = setup(1);
    manager.spawn({ ...request, task: "one" });
    expect(() => manager.spawn({ ...request, task: "two" })).toThrow(/maxSubagents 1/);
  });

  it("cancels one: it ends as cancelled, its end is reported", async () => {
    const { manager, ends } = setup();
    const view = manager.spawn({ ...request, task: "long" });
    const cancelled = await manager.cancel(view.id);
    expect(cancelled?.state).toBe("cancelled");
    expect(ends[0]?.view.state).toBe("cancelled");
    expect(await manager.cancel("s-nope00")).toBeNull();
  });

  it("ends one at its time limit as timed out", async () => {
    const { manager, ends } = setup();
    manager.spawn({ ...request, task: "slow", timeoutMs: 50 });
    const deadline = Date.now() + 5000;
    while (ends.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(ends[0]?.view.state).toBe("timed-out");
  });

  it("a daemon stop ends them without a notice; the next start finds them as leftovers, once", async () => {
    const { manager, ends, dir } = setup();
    const view = manager.spawn({ ...request, task: "cut short" });
    await manager.stopAll();
    expect(ends).toEqual([]);
    const again = new SubagentManager({
      dir: join(dir, "subagents"),
      recordFile: join(dir, "subagents.json"),
      clock: SYSTEM_CLOCK,
      logger: createSilentLogger(),
      maxSubagents: 1,
      loop: async () => ({ text: "", stopReason: "end" }),
      onEnd: () => undefined,
    });
    expect(again.takeLeftovers().map((record) => record.id)).toEqual([view.id]);
    expect(again.takeLeftovers()).toEqual([]);
  });
});
