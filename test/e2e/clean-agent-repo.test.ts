// Issue 31, Must show 4: after `kern init`, `kern start`, a chat and `kern stop`, the agent folder
// is a clean git repository: config.json is not rewritten by the first start (init picked the
// port) and kern's state (the queue file with message text, sessions, logs) is ignored.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

// Issue 48 item 10, Must show 6 (all but the pairing): the repository stays clean after a big
// tool output (kept whole in .kern/tool-output/) and `kern skills add`. The pairing part — the
// daemon's paired-users block in USERS.md, committed by the daemon — comes with that change:
// pair a Telegram user in this test there, before the last `git status`.
describe("an agent repository after a week", () => {
  const agent = useProcessAgent("kern-week-");

  it("has nothing to commit after a big bash output and kern skills add", async () => {
    expect(git(agent.dir, "check-ignore", ".kern/tool-output/s/x.txt").trim()).toBe(
      ".kern/tool-output/s/x.txt",
    );
    // As in an agent made before the template ignored .kern/tool-output/: the folder ignores
    // itself all the same.
    const ignore = readFileSync(join(agent.dir, ".gitignore"), "utf8");
    writeFileSync(join(agent.dir, ".gitignore"), ignore.replace(".kern/tool-output/\n", ""));
    git(agent.dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "old ignore");

    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
    const address = await findDaemon(agent.dir);
    if (!address) throw new Error("the daemon wrote no address");
    const client = createDaemonClient({ baseUrl: address.url, token: address.token });
    agent.llm.replyToolCall("bash", { command: "seq 1 200000" });
    agent.llm.reply("that was long");
    await client.sendMessage({ text: "count to 200000", interface: "web" });
    await turnsEnd(client, () => turnRequests(agent.llm).length >= 2);
    const outputs = readdirSync(join(agent.dir, ".kern", "tool-output"), { recursive: true });
    expect(outputs.some((name) => String(name).endsWith(".txt"))).toBe(true);

    const temp = makeTempDir("kern-skill-");
    try {
      const skill = join(temp.path, "deploy");
      mkdirSync(skill);
      writeFileSync(
        join(skill, "SKILL.md"),
        "---\nname: deploy\ndescription: How to ship the site.\n---\n\n1. Build.\n",
      );
      const added = await runKern(["skills", "add", skill, agent.dir]);
      expect(added.code, added.stderr).toBe(0);
    } finally {
      temp.cleanup();
    }
    expect(git(agent.dir, "log", "-1", "--format=%s").trim()).toBe("skills: add deploy");
    expect(git(agent.dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
    const stopped = await kernProcess(["stop", agent.dir]);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(git(agent.dir, "status", "--porcelain", "--untracked-files=all")).toBe("");
  }, 120_000);
});

/** Waits until `ready` holds and the daemon has no turn running or queued. */
async function turnsEnd(
  client: ReturnType<typeof createDaemonClient>,
  ready: () => boolean,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { queue } = await client.status();
    if (ready() && queue.running === null && queue.waiting === 0) return;
    if (Date.now() > deadline) throw new Error("the turn never ended");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
