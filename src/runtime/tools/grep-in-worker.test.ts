import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { grepInWorker } from "./grep-in-worker.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

function folder(files: Record<string, string>): string {
  const temp = makeTempDir("kern-grep-");
  temps.push(temp);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(temp.path, name), text);
  return temp.path;
}

describe("grepInWorker", () => {
  it("returns file:line: text for each matching line, up to the limit", async () => {
    const agentDir = folder({ "a.txt": "one\nTwo\nthree\n", "b.txt": "two two\n" });
    const job = { agentDir, files: ["a.txt", "b.txt"], pattern: "two", flags: "i" };
    expect(await grepInWorker({ ...job, maxMatches: 10 })).toEqual([
      "a.txt:2: Two",
      "b.txt:1: two two",
    ]);
    expect(await grepInWorker({ ...job, maxMatches: 1 })).toEqual(["a.txt:2: Two"]);
  });

  it("stops a catastrophic pattern at its budget with a clear error", async () => {
    const agentDir = folder({ "a.txt": `${"a".repeat(40)}b\n` });
    const startedAt = Date.now();
    const job = { agentDir, files: ["a.txt"], pattern: "(a+)+$", flags: "", maxMatches: 10 };
    await expect(grepInWorker({ ...job, budgetMs: 300 })).rejects.toThrow(
      "regex took too long; simplify it",
    );
    // Unstopped, this pattern runs for ages; the bound leaves the 300 ms budget a 30x margin.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  });

  it("stops when the turn is cancelled", async () => {
    const agentDir = folder({ "a.txt": `${"a".repeat(40)}b\n` });
    const controller = new AbortController();
    const job = { agentDir, files: ["a.txt"], pattern: "(a+)+$", flags: "", maxMatches: 10 };
    const running = grepInWorker({ ...job, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toThrow("cancelled");
  });
});
