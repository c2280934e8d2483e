// The daemon builds recall's word index in the background (warm-word-index.ts): in steps, until
// it is ready, without holding the event loop; stopped, it reads nothing more (beside a running
// one that gets ready in the same time).
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { createSilentLogger } from "../../log/index.js";
import { warmWordIndex } from "./warm-word-index.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

function fill(test: TestMemory, count: number): void {
  test.store.appendMessages(
    Array.from({ length: count }, (_, index) => ({
      role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: `status check ${index} of the deploy logs`,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 1000).toISOString(),
    })),
  );
}

describe("warming the word index", () => {
  it("builds it in steps, the event loop turning between them", async () => {
    memory = openTestMemory();
    fill(memory, 1200);
    const warmer = warmWordIndex(memory.store, createSilentLogger());
    let turns = 0;
    const ticking = setInterval(() => {
      turns += 1;
    }, 0);
    for (let wait = 0; wait < 200 && !memory.store.messages.words.ready; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    clearInterval(ticking);
    warmer.stop();
    expect(memory.store.messages.words.ready).toBe(true);
    // 1,200 messages are more than one step: timers ran while it built.
    expect(turns).toBeGreaterThan(1);
  });

  it("reads nothing once stopped, while a running one builds", async () => {
    memory = openTestMemory();
    const running = openTestMemory();
    try {
      fill(memory, 1200);
      fill(running, 1200);
      const stopped = warmWordIndex(memory.store, createSilentLogger());
      stopped.stop();
      const warmer = warmWordIndex(running.store, createSilentLogger());
      for (let wait = 0; wait < 300 && !running.store.messages.words.ready; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      warmer.stop();
      expect(running.store.messages.words.ready).toBe(true);
      expect(memory.store.messages.words.ready).toBe(false);
    } finally {
      await running.close();
    }
  });
});
