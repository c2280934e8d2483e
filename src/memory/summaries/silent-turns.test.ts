import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { withoutSilentTurns } from "./silent-turns.js";
import { buildSegmentSummaryRequest } from "./summary-prompt.js";

const TS = "2026-12-02T06:00:00.000Z";

function message(seq: number, role: SessionMessage["role"], content: string, meta = {}) {
  return { seq, ts: TS, role, content, meta } as SessionMessage;
}

const HISTORY: SessionMessage[] = [
  message(0, "user", "what is the capital of Peru?", { turnId: "t1" }),
  message(1, "assistant", "Lima.", { turnId: "t1" }),
  message(2, "user", "[via heartbeat, …] Go through HEARTBEAT.md", {
    turnId: "t2",
    interface: "heartbeat",
    kind: "heartbeat",
  }),
  message(3, "assistant", "NO_REPLY", { turnId: "t2", silent: true }),
  message(4, "user", "[via heartbeat, …] Go through HEARTBEAT.md", {
    turnId: "t3",
    kind: "heartbeat",
  }),
  message(5, "assistant", "The backup is missing.", { turnId: "t3" }),
];

describe("silent turns in summaries (issue 48 item 2)", () => {
  it("leaves a NO_REPLY turn's prompt and answer out of the summary input, keeps the rest", () => {
    expect(withoutSilentTurns(HISTORY).map((entry) => entry.seq)).toEqual([0, 1, 4, 5]);
    const request = buildSegmentSummaryRequest({
      messages: withoutSilentTurns(HISTORY),
      targetTokens: 200,
      model: "m",
    });
    expect(request.user).not.toContain("NO_REPLY");
    expect(request.user).toContain("The backup is missing.");
  });

  it("keeps a segment of nothing but silent beats whole (an empty summary would be a failure)", () => {
    const beats = HISTORY.slice(2, 4);
    expect(withoutSilentTurns(beats)).toEqual(beats);
  });
});
