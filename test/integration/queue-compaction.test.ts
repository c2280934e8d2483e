// Issue 33, hole 2: accepted means kept, whatever the size of `.kern/queue.jsonl`. A slow turn,
// 20 messages accepted behind it, `stop` (the runtime empties its own queue, the slow turn's end
// compacts the file), a restart: every accepted message is in the log exactly once, in order.
// The file's line budget is small here so a round reaches "near", "past" and "after a flood" in
// seconds; the mechanism is the one production runs at 1,000 lines.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TurnQueueFile } from "../../src/store/index.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const BUDGET = 40; // lines before a compaction
const ROUNDS = Number(process.env["KERN_QUEUE_ROUNDS"] ?? 1);

function userTexts(agentDir: string): string[] {
  const sessions = join(agentDir, ".kern", "sessions");
  return readdirSync(sessions)
    .sort()
    .flatMap((name) => readFileSync(join(sessions, name), "utf8").trim().split("\n"))
    .map((line) => JSON.parse(line) as { role?: string; content?: string })
    .filter((entry) => entry.role === "user")
    .map((entry) => String(entry.content).split("\n").at(-1) ?? "");
}

const openQueue = (agentDir: string) =>
  TurnQueueFile.open(join(agentDir, ".kern", "queue.jsonl"), { compactAfterLines: BUDGET });

/** Runs `turns` quick turns in this daemon's life: the file grows ~2 lines each. */
async function warmUp(daemon: TestDaemon, turns: number): Promise<void> {
  for (let index = 0; index < turns; index += 1) daemon.llm.reply("ok");
  for (let index = 0; index < turns; index += 1)
    await daemon.client.sendMessage({ text: `warm-${index}` });
  await waitUntil(() => turnRequests(daemon.llm).length >= turns, "the warm-up turns", 20_000);
  await daemon.daemon.runtime.whenIdle();
}

async function round(agentDir: string, tag: string, warmTurns: number): Promise<string[]> {
  const first = await startTestDaemon({ agentDir, queueFile: openQueue });
  const accepted = [`${tag}-slow`, ...Array.from({ length: 20 }, (_, i) => `${tag}-${i}`)];
  try {
    await warmUp(first, warmTurns);
    first.llm.stall();
    await first.client.sendMessage({ text: accepted[0] ?? "" });
    await waitUntil(() => turnRequests(first.llm).length > warmTurns, "the slow turn's call");
    for (const text of accepted.slice(1)) await first.client.sendMessage({ text });
  } finally {
    await first.close();
  }
  const second = await startTestDaemon({ agentDir, queueFile: openQueue });
  try {
    await waitUntil(
      () => userTexts(agentDir).filter((text) => text.startsWith(`${tag}-`)).length >= 21,
      "the replayed turns",
      30_000,
    );
    await second.daemon.runtime.whenIdle();
  } finally {
    await second.close();
  }
  return accepted;
}

describe("the queue file keeps accepted messages at every size (issue 33, hole 2)", () => {
  for (const [name, warmTurns] of [
    ["fresh", 0],
    ["near its line budget", BUDGET / 2 - 2],
    ["past its line budget", BUDGET / 2 + 3],
    ["after a flood", BUDGET * 2],
    ["near its budget again (the flood's lines compacted)", BUDGET - 11],
  ] as const) {
    it(
      `replays every accepted message once, in order: ${name}`,
      async () => {
        const temp = makeTempDir("kern-queue-size-");
        const agentDir = join(temp.path, "agent");
        try {
          const { initAgent } = await import("../../src/daemon/index.js");
          await initAgent({ agentDir, git: false });
          for (let index = 0; index < ROUNDS; index += 1) {
            const tag = `r${index}`;
            const accepted = await round(agentDir, tag, warmTurns);
            const logged = userTexts(agentDir).filter((text) => text.startsWith(`${tag}-`));
            expect(logged).toEqual(accepted);
          }
        } finally {
          temp.cleanup();
        }
      },
      120_000 * ROUNDS,
    );
  }
});
