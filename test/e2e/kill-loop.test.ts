// Issue 18, Must show 2, in short: three rounds of the kill -9 loop (scripts/kill-loop.ts runs
// twenty; its figures are in docs/reliability.md). Queued messages, an import in flight and turns
// that call tools, each round ended by SIGKILL: nothing accepted is lost or doubled, no import is
// half there, no tool call loses its result, and doctor scores 100 after every restart.
import { describe, expect, it } from "vitest";
import { runKillLoop } from "../support/kill-loop.js";

describe("kill -9 loop (issue 18)", () => {
  it("loses nothing accepted over three kill -9 rounds", async () => {
    const report = await runKillLoop({ rounds: 3, seed: 7 });
    expect(report.problems).toEqual([]);
    expect(report.acceptedMessages).toBeGreaterThan(0);
    expect(report).toMatchObject({
      lostMessages: 0,
      duplicateMessages: 0,
      partialImports: 0,
      duplicateImports: 0,
      orphanToolCalls: 0,
      minDoctorScore: 100,
    });
  }, 240_000);
});
