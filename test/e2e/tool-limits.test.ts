// Hole 8 of issue 18: the bash and grep tools against a real daemon process. A child that
// leaves the process group and holds stdout must not hold the turn past the timeout or a
// cancel; children must not outlive a killed daemon; UTF-8 output must survive chunking; a
// catastrophic regex must not freeze the daemon.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon, toolOutput } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";

const escaped: number[] = [];
const homes: Array<{ cleanup: () => void }> = [];

async function waitFor(check: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** Pid written by the command into `name` in the agent folder (the escaped grandchild). */
function pidFrom(dir: string, name: string): number {
  const path = join(dir, name);
  return existsSync(path) ? Number(readFileSync(path, "utf8").trim()) : 0;
}

afterAll(() => {
  for (const home of homes) home.cleanup();
  for (const pid of escaped) if (pid > 0 && isAlive(pid)) process.kill(pid, "SIGKILL");
});

describe("tool limits against the real daemon (issue 18, hole 8)", () => {
  const agent = useProcessAgent("kern-tools-", async (dir) => {
    // The commands write their children's pids for the test to check and kill, and inside the
    // sandbox's pid namespace those are not the host's: these run unconfined (the watcher's
    // path); test/e2e/sandbox.test.ts checks the sandboxed one.
    await updateConfigFile(dir, { toolScope: "full", bashTimeoutMs: 20_000, sandbox: "off" });
    writeFileSync(join(dir, "haystack.txt"), `${"a".repeat(40)}b\n`.repeat(5));
  });
  const dir = agent.dir;

  it("ends the call at its timeout although a setsid grandchild holds stdout", async () => {
    const { client } = await startLiveDaemon(dir);
    const command = "setsid sleep 45 & echo $! > escaped1.pid; echo started; sleep 30";
    agent.llm.replyToolCall("bash", { command, timeoutMs: 2000 });
    agent.llm.reply("the command timed out");
    const turn = await runTurn(client, "run it");
    escaped.push(pidFrom(dir, "escaped1.pid"));
    expect(toolOutput(turn.events)).toContain("timed out after 2000 ms");
    expect(toolOutput(turn.events)).toContain("started");
    expect(turn.elapsedMs).toBeLessThan(15_000); // the command would run 30 s
  }, 90_000);

  it("ends the turn at a cancel, not when the 40 s command would", async () => {
    const { client } = await startLiveDaemon(dir);
    agent.llm.replyToolCall("bash", {
      command: "setsid sleep 45 & echo $! > escaped2.pid; sleep 40",
    });
    let cancelledAt = 0;
    const turn = await runTurn(client, "run a long one", {
      onEvent: (event, turnId) => {
        if (event.type !== "tool-call") return;
        setTimeout(() => {
          cancelledAt = Date.now();
          void client.cancelTurn(turnId);
        }, 500);
      },
    });
    const endedAt = Date.now();
    escaped.push(pidFrom(dir, "escaped2.pid"));
    expect(turn.events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "cancelled" });
    expect(cancelledAt).toBeGreaterThan(0);
    expect(endedAt - cancelledAt).toBeLessThan(7_500); // ~1 s unloaded; the command runs 40 s
  }, 90_000);

  it("keeps 600 KB of multi-byte output whole, without replacement characters", async () => {
    const { client } = await startLiveDaemon(dir);
    const command = `node -e "process.stdout.write('€'.repeat(200000))"`;
    agent.llm.replyToolCall("bash", { command });
    agent.llm.reply("printed");
    const turn = await runTurn(client, "print euros");
    const output = toolOutput(turn.events);
    expect(output).toContain("exit code 0");
    expect(output).not.toContain("\uFFFD");
    // The event and the log carry head and tail (issue 33); the whole is in .kern/tool-output/.
    expect(output).toContain("kern cut");
    const outputs = join(dir, ".kern", "tool-output");
    const sessions = readdirSync(outputs, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    const [file] = sessions.flatMap(({ name: session }) =>
      readdirSync(join(outputs, session))
        .filter((name) => name.startsWith(turn.turnId))
        .map((name) => join(outputs, session, name)),
    );
    const whole = readFileSync(file ?? "", "utf8");
    expect(whole).not.toContain("\uFFFD");
    expect(whole.split("€").length - 1).toBe(200_000);
  }, 90_000);

  it("stops a catastrophic grep regex at its budget while the daemon keeps answering", async () => {
    const { client } = await startLiveDaemon(dir);
    agent.llm.replyToolCall("grep", { pattern: "(a+)+$" });
    agent.llm.reply("the regex was too slow");
    const slowest: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const startedAt = Date.now();
        await client.status();
        slowest.push(Date.now() - startedAt);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const turn = await runTurn(client, "search the haystack", { limitMs: 40_000 });
    polling = false;
    await poll;
    expect(toolOutput(turn.events)).toContain("regex took too long; simplify it");
    expect(slowest.length).toBeGreaterThan(10);
    // The regex runs in a worker for its 10 s budget: a daemon it blocked would answer after it.
    expect(Math.max(...slowest)).toBeLessThan(5_000);
  }, 90_000);

  it("kills the command's children when the daemon is killed with SIGKILL", async () => {
    const { client, pid } = await startLiveDaemon(dir);
    const command = "sleep 300 & echo $! > child.pid; sleep 300";
    agent.llm.replyToolCall("bash", { command });
    void runTurn(client, "start a child", { limitMs: 20_000 }).catch(() => undefined);
    expect(await waitFor(() => pidFrom(dir, "child.pid") > 0, 20_000)).toBe(true);
    const child = pidFrom(dir, "child.pid");
    expect(isAlive(child)).toBe(true);
    process.kill(pid, "SIGKILL");
    expect(await waitFor(() => !isAlive(pid), 10_000)).toBe(true);
    const gone = await waitFor(() => !isAlive(child) || isZombie(child), 5000);
    if (!gone) escaped.push(child);
    expect(gone, "the child died with the daemon").toBe(true);
    const restarted = await kernProcess(["start", dir]);
    expect(restarted.code, restarted.stderr).toBe(0);
  }, 90_000);

  it("runs no ~/.bashrc, also for a daemon started with SHLVL=0 (as under systemd)", async () => {
    // bash sources ~/.bashrc when its stdin is a socket (Node's pipes are) and SHLVL < 1.
    const home = makeTempDir("kern-home-");
    homes.push(home);
    writeFileSync(join(home.path, ".bashrc"), 'echo BASHRC-RAN; touch "$HOME/bashrc-ran"\n');
    expect((await kernProcess(["stop", dir])).code).toBe(0);
    const { client } = await startLiveDaemon(dir, { HOME: home.path, SHLVL: "0" });
    agent.llm.replyToolCall("bash", { command: "echo from-the-command" });
    agent.llm.reply("ran it");
    const output = toolOutput((await runTurn(client, "run it")).events);
    expect(output).toContain("from-the-command");
    expect(output).not.toContain("BASHRC-RAN");
    expect(existsSync(join(home.path, "bashrc-ran"))).toBe(false);
    expect((await kernProcess(["stop", dir])).code).toBe(0);
  }, 90_000);
});

function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
