// Issue 31, Must show 4: after `kern init`, `kern start`, a chat and `kern stop`, the agent folder
// is a clean git repository: config.json is not rewritten by the first start (init picked the
// port) and kern's state (the queue file with message text, sessions, logs) is ignored.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createDaemonClient } from "../../src/client/index.js";
import { findDaemon } from "../../src/daemon/address/index.js";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";
import { turnRequests } from "../support/test-daemon.js";

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: dir, encoding: "utf8" });

describe("an agent repository after a first day", () => {
  const agent = useProcessAgent("kern-clean-");

  it("has nothing to commit after init, start, a chat and stop", async () => {
    const config = readFileSync(join(agent.dir, ".kern", "config.json"), "utf8");
    expect(JSON.parse(config).port).toBeGreaterThan(0);
    expect(git(agent.dir, "status", "--porcelain")).toBe("");

    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
    const address = await findDaemon(agent.dir);
    if (!address) throw new Error("the daemon wrote no address");
    const client = createDaemonClient({ baseUrl: address.url, token: address.token });
    agent.llm.reply("hello back");
    await client.sendMessage({ text: "hello", interface: "web" });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { queue } = await client.status();
      if (turnRequests(agent.llm).length > 0 && queue.running === null && queue.waiting === 0)
        break;
      if (Date.now() > deadline) throw new Error("the turn never ended");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stopped = await kernProcess(["stop", agent.dir]);
    expect(stopped.code, stopped.stderr).toBe(0);

    expect(readFileSync(join(agent.dir, ".kern", "config.json"), "utf8")).toBe(config);
    expect(git(agent.dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
    // The queue file holds message text: it exists and git ignores it.
    expect(git(agent.dir, "check-ignore", ".kern/queue.jsonl").trim()).toBe(".kern/queue.jsonl");
  }, 120_000);
});

describe("kern init on an agent made by an older kern", () => {
  it("adds the ignore entries kern added since to its .gitignore, and says so", async () => {
    const temp = makeTempDir("kern-old-ignore-");
    try {
      const dir = join(temp.path, "agent");
      expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
      writeFileSync(join(dir, ".gitignore"), ".kern/.env\n.kern/sessions/");
      const again = await runKern(["init", dir, "--yes"]);
      expect(again.stdout).toContain("~ .gitignore: ");
      const ignore = readFileSync(join(dir, ".gitignore"), "utf8").split("\n");
      expect(ignore).toContain(".kern/queue.jsonl*");
      expect(ignore.filter((line) => line === ".kern/.env")).toHaveLength(1);
      expect(ignore[1]).toBe(".kern/sessions/");
    } finally {
      temp.cleanup();
    }
  });
});
