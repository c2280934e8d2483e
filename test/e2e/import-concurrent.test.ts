// Issue 33, hole 1: an offline `kern import` is never rolled back by another command. Commands
// that open the agent's files while the import writes (status, doctor, segments, recall,
// doctor --fix) either answer or are refused (KERN_AGENT_BUSY); the import keeps every message and
// its exit code tells the truth. Killing the `kern import` process alone stops its child too, and
// the import is then whole or absent, never half. Real processes, real files.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initAgent } from "../../src/daemon/index.js";
import { KERN_MAIN, KERN_NODE, kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";
import { waitUntil } from "../support/test-daemon.js";

const MESSAGES = 1200;

function writeConversation(file: string): void {
  const lines: string[] = [];
  for (let index = 0; index < MESSAGES; index += 1) {
    const role = index % 2 === 0 ? "user" : "assistant";
    const text = `message ${index} about topic ${Math.floor(index / 40)}: ${"words ".repeat(30)}`;
    lines.push(JSON.stringify({ role, content: text }));
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

function loggedMessages(agentDir: string): number {
  const sessions = join(agentDir, ".kern", "sessions");
  return readdirSync(sessions)
    .flatMap((name) => readFileSync(join(sessions, name), "utf8").split("\n"))
    .filter((line) => line.includes('"type":"message"')).length;
}

function startImport(file: string, agentDir: string) {
  const child = spawn(KERN_NODE, [KERN_MAIN, "import", file, agentDir], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  return { child, exited, output: () => output };
}

const started: ChildProcess[] = [];
let temp = makeTempDir("kern-import-busy-");
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  temp.cleanup();
  temp = makeTempDir("kern-import-busy-");
});

describe("an offline import and the commands run beside it (issue 33, hole 1)", () => {
  it("keeps every message while status, doctor, segments, recall and doctor --fix run", async () => {
    const agentDir = join(temp.path, "agent");
    await initAgent({ agentDir, git: false });
    const file = join(temp.path, "chat.jsonl");
    writeConversation(file);
    const marker = join(agentDir, ".kern", "import.pending.json");
    const run = startImport(file, agentDir);
    started.push(run.child);
    await waitUntil(() => existsSync(marker), "the import to start appending", 60_000);
    const others = [
      ["status", agentDir],
      ["doctor", agentDir],
      ["segments", agentDir],
      ["recall", "topic", agentDir],
      ["doctor", agentDir, "--fix"],
    ];
    for (const args of others) {
      const result = await kernProcess(args);
      // Answered, or refused because the import holds the folder — never a rollback.
      if (result.code !== 0) {
        expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(1);
        expect(result.stderr).toContain("another kern process is working on");
      }
    }
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain(`imported ${MESSAGES} messages`);
    expect(loggedMessages(agentDir)).toBe(MESSAGES);
    const after = await kernProcess(["status", agentDir, "--json"]);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout).session.messages).toBe(MESSAGES);
  }, 240_000);

  it("stops the child when the import process alone is killed: all or nothing", async () => {
    const agentDir = join(temp.path, "agent");
    await initAgent({ agentDir, git: false });
    const file = join(temp.path, "chat.jsonl");
    writeConversation(file);
    const run = startImport(file, agentDir);
    started.push(run.child);
    const marker = join(agentDir, ".kern", "import.pending.json");
    await waitUntil(() => existsSync(marker), "the import to start appending", 60_000);
    run.child.kill("SIGKILL");
    await run.exited;
    // The child ends with its parent and drops the folder's lock; the next command rolls back.
    let status = await kernProcess(["status", agentDir, "--json"]);
    for (let attempt = 0; status.code !== 0 && attempt < 60; attempt += 1) {
      expect(status.stderr).toContain("another kern process is working on");
      await new Promise((resolve) => setTimeout(resolve, 1000));
      status = await kernProcess(["status", agentDir, "--json"]);
    }
    expect(status.code, status.stderr).toBe(0);
    const messages = JSON.parse(status.stdout).session.messages as number;
    expect([0, MESSAGES]).toContain(messages);
    expect(loggedMessages(agentDir)).toBe(messages);
  }, 240_000);
});
