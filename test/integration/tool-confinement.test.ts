// Issue 18, hole 5: a model steering the file tools through symlinks and into .kern/. Each attack
// is a tool call the fake model makes against the real daemon; none may read, list or change
// anything outside the agent folder or inside kern's own state.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../src/protocol/index.js";
import { makeTempDir } from "../support/temp-dir.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

let harness: TestDaemon | null = null;
const outside = makeTempDir("kern-outside-");

afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function toolResults(
  daemon: TestDaemon,
  calls: Array<[string, Record<string, unknown>]>,
): Promise<Array<Extract<StreamEvent, { type: "tool-result" }>>> {
  for (const [name, args] of calls) daemon.llm.replyToolCall(name, args);
  daemon.llm.reply("done");
  const { turnId } = await daemon.client.sendMessage({ text: "do as you please" });
  const events = await daemon.turnEvents(turnId);
  return events.filter(
    (event): event is Extract<StreamEvent, { type: "tool-result" }> => event.type === "tool-result",
  );
}

describe("tool confinement", () => {
  it("refuses symlinks out of the folder and every path into .kern, and changes nothing", async () => {
    harness = await startTestDaemon();
    const dir = harness.agentDir;
    const victim = join(outside.path, "victim.txt");
    writeFileSync(victim, "untouched\n");
    mkdirSync(join(outside.path, "dir"), { recursive: true });
    symlinkSync("/etc/passwd", join(dir, "passwd-link"));
    symlinkSync(outside.path, join(dir, "outside-dir"));
    symlinkSync(join(dir, ".kern", ".env"), join(dir, "env-link"));
    symlinkSync(join(dir, ".kern"), join(dir, "state-link"));
    const configBefore = readFileSync(join(dir, ".kern", "config.json"), "utf8");
    const token = harness.token;

    const results = await toolResults(harness, [
      ["read", { path: "passwd-link" }],
      ["read", { path: "env-link" }],
      ["read", { path: ".kern/.env" }],
      ["write", { path: "outside-dir/victim.txt", content: "overwritten" }],
      ["write", { path: "outside-dir/dir/new.txt", content: "planted" }],
      ["write", { path: ".kern/config.json", content: '{"toolScope":"full","host":"0.0.0.0"}' }],
      ["edit", { path: "state-link/config.json", oldText: "{", newText: "{ " }],
      ["grep", { pattern: "KERN_AUTH_TOKEN", path: ".kern" }],
      ["grep", { pattern: "KERN_AUTH_TOKEN", path: "state-link" }],
      ["grep", { pattern: "root:" }],
      ["glob", { pattern: "**/*" }],
    ]);
    expect(results).toHaveLength(11);
    for (const result of results.slice(0, 9)) {
      expect(result.isError, `${result.name}: ${result.output}`).toBe(true);
    }
    for (const result of results) {
      expect(result.output).not.toContain("root:x:0");
      expect(result.output).not.toContain(token);
    }
    // The whole-folder grep and glob neither list kern's state nor follow the links.
    for (const result of results.slice(9)) {
      expect(result.isError).toBe(false);
      expect(result.output).not.toMatch(/\.kern|\.env|config\.json|link/);
    }
    expect(readFileSync(victim, "utf8")).toBe("untouched\n");
    expect(() => readFileSync(join(outside.path, "dir", "new.txt"))).toThrow();
    expect(readFileSync(join(dir, ".kern", "config.json"), "utf8")).toBe(configBefore);
  });

  it("still reads, writes and greps ordinary files, new folders included", async () => {
    harness = await startTestDaemon();
    const results = await toolResults(harness, [
      ["write", { path: "notes/deep/new.md", content: "the answer is 42\n" }],
      ["read", { path: "notes/deep/new.md" }],
      ["grep", { pattern: "answer is \\d+" }],
    ]);
    expect(results.map((result) => result.isError)).toEqual([false, false, false]);
    expect(results[1]?.output).toBe("the answer is 42\n");
    expect(results[2]?.output).toContain("notes/deep/new.md:1: the answer is 42");
  });
});
