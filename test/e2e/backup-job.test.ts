// `kern backup --every`: a job whose run is a backup, not a prompt — the daemon takes the cut and
// writes the archive itself, calls no model, and keeps the newest N (issue 50).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readJobsFile } from "../../src/store/index.js";
import { kernProcess } from "../support/kern-process.js";
import { startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { makeTempDir } from "../support/temp-dir.js";
import { turnRequests, waitUntil } from "../support/test-daemon.js";

describe("kern backup --every (a backup job)", () => {
  const agent = useProcessAgent("kern-backup-job-");
  const temp = makeTempDir("kern-backup-job-out-");
  afterAll(() => temp.cleanup());

  it("runs in the daemon with no model call and keeps the newest N archives", async () => {
    await startLiveDaemon(agent.dir);
    await kernProcess(["jobs", "rm", "nightly", agent.dir]); // the test stands alone
    const folder = join(temp.path, "backups");
    const jobsFile = join(agent.dir, ".kern", "jobs.json");
    const add = await kernProcess([
      "backup",
      agent.dir,
      folder,
      "--every",
      "1d",
      "--keep",
      "2",
      "--name",
      "nightly",
      "--json",
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ name: "nightly", schedule: "every 1d" });
    const turnsBefore = turnRequests(agent.llm).length;
    const archives = () =>
      existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith(".tar.gz")) : [];
    for (let run = 1; run <= 3; run++) {
      const started = await kernProcess(["jobs", "run", "nightly", agent.dir]);
      expect(started.code, started.stderr).toBe(0);
      // The jobs file is the truth (the daemon writes each run's outcome there).
      const job = await waitUntil(() => {
        const found = readJobsFile(jobsFile).jobs.find((candidate) => candidate.name === "nightly");
        return found && found.runs >= run && found.lastRun?.outcome !== "started" ? found : false;
      }, `run ${run} to end`);
      expect(job.lastRun?.outcome).toBe("ok");
      expect(job.lastRun?.tokens).toBe(0);
    }
    await waitUntil(() => archives().length === 2, "two archives kept", 10_000);
    expect(turnRequests(agent.llm).length).toBe(turnsBefore);
    await kernProcess(["stop", agent.dir]);
  }, 180_000);
});
