// Issue 31, item 7: with a model configured, `kern import` says before it starts how many summary
// calls it makes on which model (the estimate is checked against the calls the fake model got);
// `--offline` builds with the local defaults and calls no model at all.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";
import { answerBackgroundCalls, isBackgroundRequest } from "../support/test-daemon.js";

const ESTIMATE =
  /about (\d+) summary call\(s\) \(~\d+k tokens of history\) on fake-model at (\S+);/;

describe("kern import and the model calls it makes", () => {
  const temp = makeTempDir("kern-import-calls-");
  const file = join(temp.path, "history.jsonl");
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    answerBackgroundCalls(llm, "- (summary)", { fallback: true });
    const { messages } = generateConversation({ seed: 3, messages: 600 });
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`);
  });
  afterAll(async () => {
    await llm?.close();
    temp.cleanup();
  });

  async function agent(name: string): Promise<string> {
    const dir = join(temp.path, name);
    const init = await runKern([
      ...["init", dir, "--model", "fake-model", "--base-url", llm.baseUrl],
    ]);
    expect(init.code, init.stderr).toBe(0);
    return dir;
  }

  it("says how many summary calls on which model before it starts, then makes about that many", async () => {
    const dir = await agent("with-model");
    const before = llm.requests.length;
    const run = await runKern(["import", file, dir, "--yes"]);
    expect(run.code, run.stderr).toBe(0);
    const match = ESTIMATE.exec(run.stderr);
    expect(match, run.stderr).not.toBeNull();
    expect(match?.[2]).toBe(llm.baseUrl);
    const estimate = Number(match?.[1]);
    const made = llm.requests.slice(before).filter(isBackgroundRequest).length;
    expect(made).toBeGreaterThan(0);
    // An estimate from the file's size: within a factor of two of what the build called.
    expect(estimate).toBeGreaterThanOrEqual(Math.floor(made / 2));
    expect(estimate).toBeLessThanOrEqual(made * 2);
  }, 120_000);

  it("builds with --offline without a single model call", async () => {
    const dir = await agent("offline");
    const before = llm.requests.length;
    const run = await runKern(["import", file, dir, "--offline", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(ESTIMATE);
    expect(llm.requests.length).toBe(before);
    const report = JSON.parse(run.stdout) as { segments: Record<string, number> };
    expect(Object.values(report.segments).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(
      0,
    );
  }, 120_000);
});
