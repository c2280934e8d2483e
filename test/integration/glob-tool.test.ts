// The glob tool reads patterns as shells and editors do (picomatch): braces and classes included.
// Before, `{a,b}` and `[ab]` were matched as literal text and listed nothing (issue 16).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

let harness: TestDaemon | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe("the glob tool", () => {
  it("matches {a,b} and [ab] patterns", async () => {
    harness = await startTestDaemon();
    mkdirSync(join(harness.agentDir, "notes"), { recursive: true });
    for (const name of ["a-1.md", "b-1.md", "c-1.md"])
      writeFileSync(join(harness.agentDir, "notes", name), "x\n");
    for (const pattern of ["notes/{a,b}-*.md", "notes/[ab]-1.md"])
      harness.llm.replyToolCall("glob", { pattern });
    harness.llm.reply("done");
    const { turnId } = await harness.client.sendMessage({ text: "list them" });
    const results = (await harness.turnEvents(turnId)).filter(
      (event) => event.type === "tool-result",
    );
    expect(results.map((event) => (event.type === "tool-result" ? event.output : ""))).toEqual([
      "notes/a-1.md\nnotes/b-1.md",
      "notes/a-1.md\nnotes/b-1.md",
    ]);
  });
});
