// Issue 25, item 4: the runtime asks memory for a turn's prompt in one call. A trimmed history, a
// turn whose first step needs the summary, the window and the <recall> block: the runtime's calls
// into memory's prompt side (compose, turnPrompt, recall, expand) are counted through a typed
// wrapper of the real engine (a fake of our port, not a mock of our module).
import { afterEach, describe, expect, it } from "vitest";
import { buildModel } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import { type MemoryPort, Runtime } from "../../src/runtime/index.js";
import { PairingStore } from "../../src/runtime/pairing-store.js";
import { SMALL_SEGMENTS, startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

const PROMPT_SIDE = ["compose", "turnPrompt", "recall", "expand"] as const;

/** The engine behind a port that counts the prompt-side calls it passes on. */
function countingPort(memory: MemoryPort, counts: Map<string, number>): MemoryPort {
  return new Proxy(memory, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if ((PROMPT_SIDE as readonly unknown[]).includes(name))
          counts.set(String(name), (counts.get(String(name)) ?? 0) + 1);
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe("one memory call per prompt (issue 25)", () => {
  let harness: TestDaemon | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("composes a trimmed first step with its <recall> block in one call", async () => {
    harness = await startTestDaemon({
      config: { maxContextTokens: 4_000, segmentation: SMALL_SEGMENTS },
    });
    const { llm, client, daemon } = harness;
    llm.reply("Noted: the harbor shed gate code is 4471.");
    await harness.turnEvents((await client.sendMessage({ text: "Gate code: 4471." })).turnId);
    for (let index = 0; index < 14; index += 1) {
      llm.reply(
        `Notes on plan ${index}: ${"we compared the options and kept the plan. ".repeat(25)}`,
      );
      await harness.turnEvents((await client.sendMessage({ text: `Plan ${index}?` })).turnId);
    }
    await daemon.memory.runUntilIdle();

    const counts = new Map<string, number>();
    const chat = buildModel(daemon.config, {}, createSilentLogger());
    const runtime = new Runtime({
      config: daemon.config,
      store: daemon.store,
      memory: countingPort(daemon.memory, counts),
      model: chat ? { client: chat, model: "fake-model" } : null,
      pairing: PairingStore.inMemory({ clock: SYSTEM_CLOCK }),
      approvalTimeoutMs: 60_000,
      timezone: "UTC",
      logger: createSilentLogger(),
      clock: SYSTEM_CLOCK,
    });
    llm.reply("The gate code is 4471.");
    const ended = new Promise<{ text: string }>((resolve) =>
      runtime.subscribe((event) => {
        if (event.type === "turn-end") resolve(event);
      }),
    );
    runtime.submit({ text: "What is the harbor shed gate code?", interface: "web" });
    expect((await ended).text).toBe("The gate code is 4471.");
    const request = llm.requests.at(-1);
    // The step was trimmed and carried the block: the three parts of the prompt were needed.
    expect(String(request?.messages.findLast((m) => m.role === "user")?.content)).toContain(
      "<recall>",
    );
    expect(Object.fromEntries(counts)).toEqual({ turnPrompt: 1 });
  });
});
