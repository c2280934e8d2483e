// Back-pressure and stop (issue 18, holes 6 and 11): at most MAX_QUEUED_TURNS turns wait, the
// next one is refused with KERN_QUEUE_FULL (HTTP 429) instead of growing the daemon without
// bound; every accepted turn is in the queue file before submit returns.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isKernError } from "../../src/kernel/index.js";
import { MAX_QUEUED_TURNS } from "../../src/runtime/index.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

describe("the turn queue's limits", () => {
  let test: TestDaemon | null = null;
  afterEach(async () => {
    await test?.close();
    test = null;
  });

  it("accepts MAX_QUEUED_TURNS waiting turns, refuses the next with 429, records each durably", async () => {
    test = await startTestDaemon();
    test.llm.stall(); // the first turn hangs: everything after it waits
    const { runtime } = test.daemon;
    for (let index = 0; index <= MAX_QUEUED_TURNS; index += 1)
      runtime.submit({ text: `m${index}`, interface: "web" });
    let refused: unknown = null;
    try {
      runtime.submit({ text: "one too many", interface: "web" });
    } catch (error) {
      refused = error;
    }
    expect(isKernError(refused) && refused.code).toBe("KERN_QUEUE_FULL");
    const queued = readFileSync(join(test.agentDir, ".kern", "queue.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; envelope?: { text: string } });
    expect(queued.filter((line) => line.type === "queued")).toHaveLength(MAX_QUEUED_TURNS + 1);
    expect(queued.at(-1)?.envelope?.text).toBe(`m${MAX_QUEUED_TURNS}`);

    const response = await fetch(`${test.url}message`, {
      method: "POST",
      headers: { authorization: `Bearer ${test.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "over HTTP" }),
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "KERN_QUEUE_FULL",
    );
  }, 60_000);
});
