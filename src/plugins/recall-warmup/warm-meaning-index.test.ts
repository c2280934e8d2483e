// The daemon reads recall's meaning index ahead of the first search (warm-meaning-index.ts): in
// steps, the event loop turning between them, until the index has caught up; stopped, it reads
// nothing more.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { createSilentLogger } from "../../log/index.js";
import { warmMeaningIndex } from "./warm-meaning-index.js";

const opened: TestMemory[] = [];
afterEach(async () => {
  for (const memory of opened.splice(0)) await memory.close();
});

async function withHistory(count: number): Promise<TestMemory> {
  const memory = openTestMemory();
  opened.push(memory);
  memory.store.appendMessages(
    Array.from({ length: count }, (_, index) => ({
      role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: `the deploy of service ${index} went out and the dashboards look calm`,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 1000).toISOString(),
    })),
  );
  await memory.engine.runUntilIdle();
  return memory;
}

/** True when the index has read everything (a step of no messages finds nothing left). */
const caughtUp = (memory: TestMemory) => memory.engine.warmMeaningStep(0);

describe("reading the meaning index ahead", () => {
  it("reads it in steps, the event loop turning between them, until it has caught up", async () => {
    const memory = await withHistory(2_500);
    expect(caughtUp(memory)).toBe(false);
    const warmer = warmMeaningIndex(memory.engine, createSilentLogger());
    let turns = 0;
    const ticking = setInterval(() => {
      turns += 1;
    }, 0);
    for (let wait = 0; wait < 500 && !caughtUp(memory); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    clearInterval(ticking);
    warmer.stop();
    expect(caughtUp(memory)).toBe(true);
    // 2,500 messages are three steps: timers ran while it read.
    expect(turns).toBeGreaterThan(1);
  });

  it("reads nothing once stopped", async () => {
    const memory = await withHistory(1_500);
    const warmer = warmMeaningIndex(memory.engine, createSilentLogger());
    warmer.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(caughtUp(memory)).toBe(false);
  });

  it("looks again once caught up, and reads what the embedding job reached since", async () => {
    const memory = await withHistory(1_200);
    const warmer = warmMeaningIndex(memory.engine, createSilentLogger(), 50);
    for (let wait = 0; wait < 300 && !caughtUp(memory); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(caughtUp(memory)).toBe(true);
    memory.store.appendMessages(
      Array.from({ length: 1_500 }, (_, index) => ({
        role: "user" as const,
        content: `a later note ${index} on the garden and its tomatoes`,
        ts: new Date(Date.parse("2026-03-02T08:00:00Z") + index * 1000).toISOString(),
      })),
    );
    await memory.engine.runUntilIdle();
    // Only the warmer reads (caughtUp reads nothing): without its second look this never ends.
    for (let wait = 0; wait < 300 && !caughtUp(memory); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    warmer.stop();
    expect(caughtUp(memory)).toBe(true);
  });
});
