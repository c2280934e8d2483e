// Issue 48 item 13: `kern recall` prints the range JSON gives (`[seqStart, seqEnd)`), also for a
// result a neighbouring hit of its turn widened past one message (docs/cli.md says so).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

const CHAT = [
  ["user", "the replication lag on db-03 is high again"],
  ["assistant", "replication lag on db-03: I will look at the replica"],
  ["user", "what about the backup job"],
  ["assistant", "the backup job ran fine last night"],
  ["user", "replication lag is back under 2 s on db-03"],
  ["assistant", "good, replication lag db-03 fixed"],
].map(([role, content], index) =>
  JSON.stringify({ role, content, ts: `2026-03-05T10:0${index}:00Z` }),
);

describe("kern recall's ranges", () => {
  const temp = makeTempDir("kern-recall-ranges-");
  const dir = join(temp.path, "agent");

  beforeAll(async () => {
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
    writeFileSync(join(temp.path, "chat.jsonl"), `${CHAT.join("\n")}\n`);
    const imported = await runKern(["import", join(temp.path, "chat.jsonl"), dir, "--yes"]);
    expect(imported.code, imported.stderr).toBe(0);
  }, 60_000);

  afterAll(() => temp.cleanup());

  it("are the same in the text as in --json, widened ones included", async () => {
    const query = "replication lag db-03";
    const text = await runKern(["recall", query, dir]);
    const json = await runKern(["recall", query, dir, "--json"]);
    expect(text.code, text.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as {
      results: Array<{ session: string; seqStart: number; seqEnd: number }>;
    };
    const printed = [...text.stdout.matchAll(/ (\S+) \[(\d+), (\d+)\)/g)].map((match) => ({
      session: match[1],
      seqStart: Number(match[2]),
      seqEnd: Number(match[3]),
    }));
    expect(printed).toEqual(
      report.results.map(({ session, seqStart, seqEnd }) => ({ session, seqStart, seqEnd })),
    );
    // The case docs/cli.md's old "seqEnd = seqStart + 1" left out: a result two messages wide.
    expect(report.results.some((hit) => hit.seqEnd - hit.seqStart > 1)).toBe(true);
  });
});
