// `kern recall` on the demo agent, offline: honest "no close matches", filters, --queries DIR.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecallReport } from "../../src/kernel/index.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern recall on the demo agent", () => {
  const temp = makeTempDir();
  const dir = join(temp.path, "demo");
  beforeAll(async () => {
    const demo = await runKern(["demo", dir, "--no-start"]);
    expect(demo.code).toBe(0);
  }, 120_000);
  afterAll(() => temp.cleanup());

  const search = async (args: string[]): Promise<RecallReport> => {
    const run = await runKern(["recall", ...args, "--json"]);
    expect(run.code).toBe(0);
    return JSON.parse(run.stdout) as RecallReport;
  };

  it("says there is no close match when no message shares a word", async () => {
    const run = await runKern(["recall", "zebra giraffe", dir]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('no close matches for "zebra giraffe"');
  });

  it("finds keyword matches and applies --before, --after and --role", async () => {
    const all = await search(["restic", dir, "-k", "5"]);
    expect(all.results.length).toBe(5);
    const early = await search(["restic", dir, "-k", "5", "--before", "2026-03-25"]);
    expect(early.results.length).toBeGreaterThan(0);
    expect(early.results.every((hit) => hit.ts < "2026-03-25T00:00:00.000Z")).toBe(true);
    const late = await search(["restic", dir, "-k", "5", "--after", "2026-04-20"]);
    expect(late.results.length).toBeGreaterThan(0);
    expect(late.results.every((hit) => hit.ts >= "2026-04-20T00:00:00.000Z")).toBe(true);
    const users = await search(["restic", dir, "-k", "5", "--role", "user"]);
    const tools = await search(["restic", dir, "-k", "5", "--role", "tool"]);
    expect(users.results.length).toBeGreaterThan(0);
    expect(tools.results.length).toBeGreaterThan(0);
    const key = (hit: RecallReport["results"][number]) => `${hit.session}:${hit.seqStart}`;
    const userKeys = new Set(users.results.map(key));
    expect(tools.results.some((hit) => userKeys.has(key(hit)))).toBe(false);
    const none = await search(["restic", dir, "--session", "nope"]);
    expect(none.results).toEqual([]);
  });

  it("prints each hit's time in the agent's time zone", async () => {
    const [hit] = (await search(["restic", dir, "-k", "1"])).results;
    const config = join(dir, ".kern", "config.json");
    const saved = readFileSync(config, "utf8");
    writeFileSync(config, JSON.stringify({ ...JSON.parse(saved), timezone: "Asia/Kolkata" }));
    try {
      const run = await runKern(["recall", "restic", dir, "-k", "1"]);
      // Kolkata is UTC+05:30 all year: the minutes move by 30 whatever the hour.
      const utc = new Date(Date.parse(hit?.ts ?? "") + 330 * 60_000).toISOString();
      expect(run.stdout).toContain(`  ${utc.slice(0, 10)} ${utc.slice(11, 16)}  `);
    } finally {
      writeFileSync(config, saved);
    }
  });

  it("refuses a bad filter with exit 2", async () => {
    const role = await runKern(["recall", "restic", dir, "--role", "robot"]);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("--role takes user, assistant or tool");
    const date = await runKern(["recall", "restic", dir, "--after", "someday"]);
    expect(date.code).toBe(2);
  });

  it("reads the one positional as the folder with --queries", async () => {
    const file = join(temp.path, "queries.txt");
    writeFileSync(file, "restic\nzebra giraffe\n");
    const run = await runKern(["recall", "--queries", file, dir]);
    expect(run.code).toBe(0);
    const reports = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RecallReport);
    expect(reports.map((report) => report.results.length > 0)).toEqual([true, false]);
  });
});
