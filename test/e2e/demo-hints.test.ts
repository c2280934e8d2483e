// Issue 14, Must show 5: `kern demo` fits 80 columns, counts every level truthfully (no silently
// cut tree), prints how to log in, and each command it suggests works as printed.
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern demo as a newcomer runs it", () => {
  const temp = makeTempDir("kern-demo-e2e-");
  const dir = `${temp.path}/demo`;

  afterAll(async () => {
    await kernProcess(["stop", dir]);
    temp.cleanup();
  }, 60_000);

  it("prints a truthful tree within 80 columns, a login code, and hints that work", async () => {
    const demo = await kernProcess(["demo", dir]);
    expect(demo.code, demo.stderr).toBe(0);
    const lines = demo.stdout.split("\n");
    for (const line of lines) expect(Array.from(line).length, line).toBeLessThanOrEqual(80);

    // The header's level counts match the rows shown plus the ones counted as "more".
    const header = lines.find((line) => line.startsWith("segment tree: ")) ?? "";
    const counts = Object.fromEntries(
      [...header.matchAll(/L(\d) (\d+)/g)].map((match) => [match[1], Number(match[2])]),
    );
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(2);
    for (const [level, count] of Object.entries(counts)) {
      const shown = lines.filter((line) => new RegExp(`^\\s+L${level} \\[`).test(line)).length;
      const more = lines
        .map((line) => new RegExp(`… (\\d+) more L${level} segments`).exec(line)?.[1])
        .reduce((sum, value) => sum + Number(value ?? 0), 0);
      expect(shown + more, `L${level}`).toBe(count);
    }

    expect(demo.stdout).toMatch(/web UI: http:\/\/127\.0\.0\.1:\d+\/ · log in with code \S+/);
    // Every suggested command, as printed (`kern` is this checkout's CLI).
    const hints = lines
      .map((line) => /^(?:try:)?\s+(kern .+)$/.exec(line)?.[1])
      .filter((hint): hint is string => hint !== undefined);
    expect(hints.length).toBe(3);
    for (const hint of hints) {
      const args = [...hint.matchAll(/"([^"]*)"|(\S+)/g)].map(
        (match) => match[1] ?? match[2] ?? "",
      );
      const result = await kernProcess(args.slice(1));
      expect(result.code, `${hint}: ${result.stderr}`).toBe(0);
      expect(result.stdout.trim().length, hint).toBeGreaterThan(0);
    }
    // Issue 31: the demo folder is a clean repository — its files committed, kern's state ignored.
    const status = execFileSync("git", ["status", "--porcelain"], { cwd: dir, encoding: "utf8" });
    expect(status).toBe("");
  }, 180_000);
});
