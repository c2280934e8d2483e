// Jobs against a daemon started with `kern start` (issue 49 item 2, must-show 2; issue 48 item 4,
// must-show 4): a job comes due while `.kern/` cannot be written (`chattr +i`: no file can be
// made or renamed in it, as on a read-only or full disk) — the daemon stays up, kern.log says
// why, and the job runs once when the fault is gone. Times the CLI prints are in the agent's
// zone, and a job made by the CLI is created by `cli`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntilAsync } from "../support/test-daemon.js";

function configure(dir: string): void {
  const file = join(dir, ".kern", "config.json");
  const config = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const settings = { timezone: "Europe/Berlin", heartbeatInterval: "0" };
  writeFileSync(file, `${JSON.stringify({ ...config, ...settings }, null, 2)}\n`);
}

function immutable(path: string, on: boolean): void {
  execFileSync("chattr", [on ? "+i" : "-i", path]);
}

describe("jobs on a live daemon", () => {
  const agent = useProcessAgent("kern-jobs-live-", configure);
  const kernDir = () => join(agent.dir, ".kern");
  afterEach(() => immutable(kernDir(), false)); // never leave a folder the cleanup cannot remove

  it("prints --at in the agent's zone and records the CLI as the author", async () => {
    await startLiveDaemon(agent.dir);
    const added = await kernProcess([
      ...["jobs", "add", "berlin", agent.dir, "--at", "2030-12-02 09:00"],
      ...["--prompt", "Remind me of the meeting"],
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim()).toBe(
      "added berlin: at 2030-12-02 09:00, next run 2030-12-02 09:00 (Europe/Berlin)",
    );
    const listed = await kernProcess(["jobs", "list", agent.dir]);
    expect(listed.stdout).toContain("next 2030-12-02 09:00");
    expect(listed.stdout).not.toMatch(/\d\.\d{3}Z/);
    for (const line of listed.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    const json = JSON.parse((await kernProcess(["jobs", "list", agent.dir, "--json"])).stdout);
    // --json keeps the instant in ISO (UTC): 09:00 in Berlin in December is 08:00Z.
    expect(json.jobs[0]).toMatchObject({
      name: "berlin",
      createdBy: "cli",
      nextRunAt: "2030-12-02T08:00:00.000Z",
      timezone: "Europe/Berlin",
    });
    expect((await kernProcess(["jobs", "rm", "berlin", agent.dir])).code).toBe(0);
  }, 60_000);

  it("stays up when a job comes due while .kern/ cannot be written, and runs it once after", async () => {
    const { client, pid } = await startLiveDaemon(agent.dir);
    agent.llm.reply("Tea time!");
    await client.jobAdd({ name: "tea", prompt: "Remind me: the tea", in: "3s" });
    immutable(kernDir(), true);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    expect(isAlive(pid)).toBe(true);
    const during = await client.jobs();
    expect(during.fault).toMatch(/cannot write/);
    expect(during.jobs[0]).toMatchObject({ name: "tea", lastRun: null });
    const log = readFileSync(join(kernDir(), "logs", "kern.log"), "utf8");
    const lines = log.split("\n").filter((line) => line.includes("cannot write the jobs file"));
    expect(lines).toHaveLength(1); // said once, however often it was retried
    expect(turnRequests(agent.llm)).toHaveLength(0);

    immutable(kernDir(), false);
    await waitUntilAsync(
      async () =>
        (await client.jobs({ all: true })).runs?.some((run) => run.outcome === "ok") ?? false,
      "the tea run",
      30_000,
    );
    const after = await client.jobs({ all: true });
    expect(after.fault ?? null).toBeNull();
    expect(after.jobs).toEqual([]);
    expect(after.runs?.filter((run) => run.job === "tea")).toHaveLength(1);
    expect(turnRequests(agent.llm)).toHaveLength(1);
    expect(isAlive(pid)).toBe(true);
  }, 90_000);
});
