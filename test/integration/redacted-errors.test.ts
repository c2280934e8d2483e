// Issue 46 item 5, the error path: a model endpoint that echoes the API key in its error (a proxy
// that quotes the header it refused) — the turn's error, as every interface shows it, holds
// `[redacted KERN_API_KEY]`, never the value; so does what a failing command wrote to stderr.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type StartTestDaemonOptions,
  startTestDaemon,
  type TestDaemon,
} from "../support/test-daemon.js";

const KEY = "sk-kern-integration-5d2e81c4b7";
let harness: TestDaemon | null = null;

afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function start(options: StartTestDaemonOptions = {}): Promise<TestDaemon> {
  harness = await startTestDaemon({ env: { KERN_API_KEY: KEY }, ...options });
  return harness;
}

describe("secrets in errors (issue 46, item 5)", () => {
  it("redacts the key from a model error before the turn ends with it", async () => {
    const daemon = await start();
    daemon.llm.fail(400, { message: `invalid api key: ${KEY}` });
    const { turnId } = await daemon.client.sendMessage({ text: "hello" });
    const events = await daemon.turnEvents(turnId);
    const shown = JSON.stringify(
      events.filter((event) => event.type === "error" || event.type === "turn-end"),
    );
    expect(shown).toContain("invalid api key: [redacted KERN_API_KEY]");
    expect(shown).not.toContain(KEY);
  });

  it("redacts the key from what a failing command wrote to stderr", async () => {
    const daemon = await start({ config: { toolScope: "full" } });
    writeFileSync(join(daemon.agentDir, "copied.txt"), `${KEY}\n`);
    daemon.llm.replyToolCall("bash", { command: "cat copied.txt >&2; exit 3" });
    daemon.llm.reply("it failed");
    const { turnId } = await daemon.client.sendMessage({ text: "run it" });
    const events = await daemon.turnEvents(turnId);
    const result = events.find((event) => event.type === "tool-result");
    expect(result?.type === "tool-result" && result.output).toContain("[redacted KERN_API_KEY]");
    expect(JSON.stringify(events)).not.toContain(KEY);
  });
});
