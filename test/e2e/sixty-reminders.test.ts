// Issue 48 must-show 2, on a real daemon (`kern start`, the fake model): sixty one-shot reminders
// with `jobs.max` 50, each fired. All sixty are accepted — fifty fill the live list (the 51st is
// refused while they wait), each leaves it when its run settles, and ten more follow, one of them
// under a fired reminder's name, through the CLI. `kern jobs list --all` shows the sixty runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { isKernError } from "../../src/kernel/index.js";
import { kernProcess } from "../support/kern-process.js";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests, waitUntilAsync } from "../support/test-daemon.js";

const name = (index: number) => `r-${String(index).padStart(2, "0")}`;
const prompt = (index: number) => `Remind me of thing ${index}.`;

describe("sixty reminders against jobs.max 50 on a real daemon", () => {
  const agent = useProcessAgent("kern-sixty-reminders-", (dir) =>
    updateConfigFile(dir, {
      heartbeatInterval: "0",
      unattendedTokensPerDay: null,
      jobs: { max: 50, minInterval: "1s" },
    }),
  );
  let live: LiveDaemon;

  beforeAll(async () => {
    live = await startLiveDaemon(agent.dir);
  }, 60_000);

  afterAll(async () => {
    await kernProcess(["stop", agent.dir]);
  }, 60_000);

  /** Waits until the history holds `count` runs and no job is live (bounded). */
  async function settled(count: number) {
    return waitUntilAsync(
      async () => {
        const overview = await live.client.jobs({ all: true });
        return overview.jobs.length === 0 && (overview.runs?.length ?? 0) >= count && overview;
      },
      `${count} settled runs`,
      60_000,
    );
  }

  it("accepts all sixty, frees a fired one's name and lists the sixty runs", async () => {
    // Fifty due in 4 s: adding them takes well under that, so all fifty are live at once.
    for (let index = 1; index <= 50; index += 1)
      await live.client.jobAdd({ name: name(index), prompt: prompt(index), in: "4s" });
    expect((await live.client.jobs()).jobs).toHaveLength(50);
    const refused = await live.client.jobAdd({ name: name(51), prompt: prompt(51), in: "4s" }).then(
      () => "accepted",
      (error: unknown) => (isKernError(error) ? error.code : error),
    );
    expect(refused, "the 51st live job").toBe("KERN_JOBS_FULL");

    const first = await settled(50);
    expect(first.runs?.map((run) => run.outcome)).toEqual(Array(50).fill("ok"));

    // A fired reminder's name is free again: the CLI makes a new r-01.
    const again = await kernProcess([
      "jobs",
      "add",
      name(1),
      "--in",
      "1s",
      "--prompt",
      prompt(1),
      agent.dir,
    ]);
    expect(again.code, again.stderr).toBe(0);
    for (let index = 51; index <= 59; index += 1)
      await live.client.jobAdd({ name: name(index), prompt: prompt(index), in: "1s" });
    const all = await settled(60);
    expect(all.runs).toHaveLength(60);
    expect(all.runs?.filter((run) => run.job === name(1)).map((run) => run.createdBy)).toEqual([
      "web",
      "cli",
    ]);
    expect(all.runs?.every((run) => run.outcome === "ok")).toBe(true);
    expect(turnRequests(agent.llm), "one model call per reminder").toHaveLength(60);

    const listed = await kernProcess(["jobs", "list", "--all", agent.dir]);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.split("\n");
    expect(lines).toContain("runs (60):");
    const runLines = lines.filter((line) => / {2}r-\d\d {2}ok/.test(line));
    expect(runLines).toHaveLength(60);
    expect(runLines.filter((line) => line.includes(` ${name(1)} `))).toHaveLength(2);
    for (let index = 2; index <= 59; index += 1)
      expect(runLines.filter((line) => line.includes(` ${name(index)} `))).toHaveLength(1);
  }, 120_000);
});
