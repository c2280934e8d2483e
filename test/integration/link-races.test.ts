// Issue 33 item 4 (Must-show 4): hard links and symlink swaps cannot get the file tools around
// confinement. Hard links to .kern/.env and to a file outside (made by bash, or present in a
// restored folder) are refused by read, write, edit and grep in every scope; a symlink flipped
// between an inside file and an outside secret by another process while reads race through it
// never yields an outside byte. Real daemon, fake model, real files and a real flipping process.
import { type ChildProcess, spawn } from "node:child_process";
import { linkSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../src/protocol/index.js";
import { readConfined, writeConfined } from "../../src/runtime/tools/confined-file.js";
import { grepInWorker } from "../../src/runtime/tools/grep-in-worker.js";
import { makeTempDir } from "../support/temp-dir.js";
import { startTestDaemon, type TestDaemon } from "../support/test-daemon.js";

const SECRET = "OUTSIDE-SECRET-7731";
let harness: TestDaemon | null = null;
let flipper: ChildProcess | null = null;
const cleanups: Array<() => void> = [];

afterEach(async () => {
  flipper?.kill("SIGKILL");
  flipper = null;
  await harness?.close();
  harness = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function outsideFile(): string {
  const temp = makeTempDir("kern-outside-");
  cleanups.push(temp.cleanup);
  const file = join(temp.path, "secret.txt");
  writeFileSync(file, `${SECRET}\n`);
  return file;
}

/** Flips `link` between `a` and `b` as fast as it can, in another process, until killed. */
function startFlipper(link: string, a: string, b: string): ChildProcess {
  const script = `
    const fs = require("node:fs");
    const [link, a, b] = process.argv.slice(1);
    for (let i = 0; ; i += 1) {
      try { fs.symlinkSync(i % 2 ? a : b, link + ".tmp"); fs.renameSync(link + ".tmp", link); } catch {}
    }`;
  return spawn(process.execPath, ["-e", script, link, a, b], { stdio: "ignore" });
}

async function toolResults(daemon: TestDaemon, calls: Array<[string, unknown]>): Promise<string[]> {
  daemon.llm.replyToolCalls(calls.map(([name, args]) => ({ name, args })));
  daemon.llm.reply("done");
  const { turnId } = await daemon.client.sendMessage({ text: "go" });
  const events = await daemon.turnEvents(turnId);
  return events
    .filter(
      (event): event is Extract<StreamEvent, { type: "tool-result" }> =>
        event.type === "tool-result",
    )
    .map((event) => JSON.stringify(event));
}

describe("hard links and symlink swaps", () => {
  for (const scope of ["read", "write", "full"] as const) {
    it(`refuses hard links to .kern/.env and to an outside file in ${scope} scope`, async () => {
      harness = await startTestDaemon({ config: { toolScope: scope } });
      const dir = harness.agentDir;
      const secretFile = outsideFile();
      const envFile = join(dir, ".kern", ".env");
      linkSync(envFile, join(dir, "env-link.txt"));
      linkSync(secretFile, join(dir, "notes", "outside-link.txt"));
      const envBefore = readFileSync(envFile, "utf8");

      const results = await toolResults(harness, [
        ["read", { path: "env-link.txt" }],
        ["read", { path: "notes/outside-link.txt" }],
        ["grep", { pattern: "KERN_AUTH_TOKEN|OUTSIDE-SECRET" }],
        ["grep", { pattern: ".", path: "notes/outside-link.txt" }],
        ["write", { path: "env-link.txt", content: "KERN_AUTH_TOKEN=mine\n" }],
        ["write", { path: "notes/outside-link.txt", content: "overwritten" }],
        ["edit", { path: "notes/outside-link.txt", oldText: SECRET, newText: "edited" }],
      ]);
      expect(results).toHaveLength(7);
      const all = results.join("\n");
      expect(all).not.toContain(harness.token);
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain("KERN_AUTH_TOKEN=");
      expect(results[0]).toContain("hard links");
      expect(readFileSync(envFile, "utf8")).toBe(envBefore);
      expect(readFileSync(secretFile, "utf8")).toBe(`${SECRET}\n`);
    }, 60_000);
  }

  it("never reads an outside byte through a symlink flipped during 200 racing reads", async () => {
    const temp = makeTempDir("kern-agent-");
    cleanups.push(temp.cleanup);
    const dir = temp.path;
    const secretFile = outsideFile();
    writeFileSync(join(dir, "inside.txt"), "INSIDE\n");
    symlinkSync(join(dir, "inside.txt"), join(dir, "flip"));
    flipper = startFlipper(join(dir, "flip"), join(dir, "inside.txt"), secretFile);
    let inside = 0;
    let refused = 0;
    const reads = Array.from({ length: 200 }, () =>
      readConfined(dir, "flip").then(
        (text) => {
          expect(text).toBe("INSIDE\n");
          inside += 1;
        },
        () => {
          refused += 1;
        },
      ),
    );
    await Promise.all(reads);
    // Writes race the same way: the outside file keeps every byte.
    for (let index = 0; index < 50; index += 1) {
      await writeConfined(dir, "flip", "written").catch(() => undefined);
    }
    const matches = await grepInWorker({
      agentDir: dir,
      files: Array.from({ length: 50 }, () => "flip"),
      pattern: "SECRET",
      flags: "",
      maxMatches: 10,
    });
    flipper.kill("SIGKILL");
    expect(inside + refused).toBe(200);
    expect(matches).toEqual([]);
    expect(readFileSync(secretFile, "utf8")).toBe(`${SECRET}\n`);
  }, 60_000);

  it("reads, writes and edits an ordinary file and one behind an inside symlink", async () => {
    const temp = makeTempDir("kern-agent-");
    cleanups.push(temp.cleanup);
    const dir = temp.path;
    await writeConfined(dir, "a.txt", "first version, longer\n");
    await writeConfined(dir, "a.txt", "second\n");
    symlinkSync(join(dir, "a.txt"), join(dir, "alias"));
    expect(await readConfined(dir, "alias")).toBe("second\n");
  });
});
