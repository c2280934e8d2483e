// The headline table comes from one run (issue 47 item 7): sizes measured by an older run stay
// in the sections below but not in the headline.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { headlineSizes, headlineTable } from "./render-headline.js";
import type { MergedResults } from "./results-files.js";
import { type SizeResult, sizeResultSchema } from "./results-schema.js";

const sample = sizeResultSchema.parse(
  JSON.parse(
    readFileSync(fileURLToPath(new URL("../results/size-2000.json", import.meta.url)), "utf8"),
  ),
);

function result(size: number, commit: string, command: string, ranAt: string): SizeResult {
  return { ...sample, size, command, ranAt, machine: { ...sample.machine, commit } };
}

describe("the headline", () => {
  it("holds the sizes of the newest run only", () => {
    const newRun = "npm run bench -- --size 100k --size 300k --only";
    const results: MergedResults = {
      variants: [],
      sizes: [
        result(2_000, "aaa1111", "npm run bench", "2026-11-20T10:00:00.000Z"),
        result(100_000, "bbb2222", newRun, "2026-12-02T07:00:00.000Z"),
        result(300_000, "bbb2222", newRun, "2026-12-02T07:30:00.000Z"),
        result(
          1_000_000,
          "ccc3333",
          "npm run bench -- --size 1m --only",
          "2026-11-28T08:00:00.000Z",
        ),
      ],
      turnLatency: null,
      tagged: [],
      modelBuild: null,
      cliStart: null,
    };
    expect(headlineSizes(results).map((r) => r.size)).toEqual([100_000, 300_000]);
    const header = headlineTable(results).split("\n")[0] ?? "";
    expect(header).toContain("100k messages");
    expect(header).toContain("300k messages");
    expect(header).not.toContain("2k messages");
    expect(header).not.toContain("1M messages");
  });
});
