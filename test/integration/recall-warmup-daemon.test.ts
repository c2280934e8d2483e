// A daemon reads recall's meaning index ahead once it listens, through the built-in plugin
// `recall-warmup` (src/plugins/recall-warmup/): with a history already embedded, the index has
// caught up without any search, and the plugin says so once in kern.log.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importConversation, reindex } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { startTestDaemon, type TestDaemon, waitUntil } from "../support/test-daemon.js";

let harness: TestDaemon;

/** An imported history of `count` messages, embedded before the daemon starts. */
async function importEmbedded(agentDir: string, count: number): Promise<void> {
  const lines = Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content: `note ${index}: the greenhouse tomatoes need water before the frost`,
  }));
  const file = join(agentDir, "..", "history.jsonl");
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  // `kern reindex`'s path: the index rebuilt from the log and every message embedded.
  const report = await reindex({ agentDir });
  expect(report.vectors).toBe(count);
}

beforeAll(async () => {
  harness = await startTestDaemon({ beforeAssemble: (dir) => importEmbedded(dir, 2_500) });
});
afterAll(async () => {
  await harness?.close();
});

describe("the recall-warmup plugin in a daemon", () => {
  it("reads the meaning index ahead, with no search asked, and logs it once", async () => {
    const readyLines = () =>
      readFileSync(harness.logFile, "utf8")
        .split("\n")
        .filter((line) => line.includes("recall's meaning index is ready"));
    await waitUntil(() => readyLines().length > 0 || undefined, "the meaning index ready", 20_000);
    // A step of no messages reads nothing: true only when the plugin read everything.
    expect(harness.daemon.memory.warmMeaningStep(0)).toBe(true);
    const [line] = readyLines();
    expect(JSON.parse(line ?? "{}")).toMatchObject({ plugin: "recall-warmup" });
  });
});
