// Issue 48 item 13: the status line's segment counts are the agent's own memory — a sub-agent's
// transcript, segmented like any session (so recall finds it), is not counted as the main
// session's. A real daemon, a sub-agent whose transcript gets segments, GET /status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isBackgroundRequest,
  isSubagentRequest,
  lastUserText,
  SMALL_SEGMENTS,
  startTestDaemon,
  type TestDaemon,
  waitUntil,
} from "../support/test-daemon.js";

/** Segments per session, straight from kern.db. */
function segmentsBySession(daemon: TestDaemon): Map<string, number> {
  const rows = daemon.daemon.store.db
    .prepare("SELECT session, COUNT(*) AS n FROM segments GROUP BY session")
    .all() as Array<{ session: string; n: number }>;
  return new Map(rows.map((row) => [row.session, row.n]));
}

describe("the status's segment counts", () => {
  let daemon: TestDaemon;

  beforeAll(async () => {
    daemon = await startTestDaemon({ config: { segmentation: SMALL_SEGMENTS } });
    const { llm } = daemon;
    // The sub-agent works through eight steps of long tool output before it answers.
    llm.when(
      (request) => !isBackgroundRequest(request) && isSubagentRequest(request),
      (request) => {
        const steps = request.messages.filter((message) => message.role === "tool").length;
        if (steps >= 8) return "SUB-RESULT: the fleet is fine";
        const words = `vessel ${steps} reports calm seas and full tanks. `.repeat(30);
        return {
          kind: "tool-calls",
          calls: [{ name: "bash", args: { command: `echo "${words}"` } }],
        };
      },
    );
    llm.when(
      (request) => !isBackgroundRequest(request) && !isSubagentRequest(request),
      (request) => {
        if (lastUserText(request).includes("check the fleet")) {
          if (request.messages.at(-1)?.role === "tool") return "Started a sub-agent.";
          return {
            kind: "tool-calls",
            calls: [{ name: "spawn", args: { task: "check the fleet" } }],
          };
        }
        return "Noted.";
      },
    );
    await daemon.client.sendMessage({ text: "check the fleet", interface: "web" });
  }, 60_000);

  afterAll(async () => {
    await daemon?.close();
  });

  it("leave out a sub-agent's segments", async () => {
    const isSubagent = (session: string) => session.startsWith("s-");
    const counted = await waitUntil(
      () => {
        const bySession = segmentsBySession(daemon);
        const sub = [...bySession].filter(([session]) => isSubagent(session));
        return sub.length > 0 ? bySession : undefined;
      },
      "the sub-agent's transcript segmented",
      45_000,
    );
    const own = [...counted].filter(([session]) => !isSubagent(session));
    const ownTotal = own.reduce((sum, [, n]) => sum + n, 0);
    const status = await daemon.client.status();
    const shown = Object.values(status.memory.segments).reduce((sum, n) => sum + n, 0);
    // Read after the rows above: the main session may have gained segments since, never lost any.
    expect(shown).toBeGreaterThanOrEqual(ownTotal);
    const total = [...segmentsBySession(daemon).values()].reduce((sum, n) => sum + n, 0);
    const subTotal = [...segmentsBySession(daemon)]
      .filter(([session]) => isSubagent(session))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(subTotal).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(total - subTotal);
  }, 60_000);
});
