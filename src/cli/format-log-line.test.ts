import { describe, expect, it } from "vitest";
import { formatLogLine, LEVELS } from "./format-log-line.js";

const time = Date.UTC(2026, 2, 1, 12, 4, 5);

describe("formatLogLine (kern logs)", () => {
  it("prints time, level, component, message and the other fields on one line", () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 7,
      hostname: "h",
      component: "turn",
      msg: "turn end",
      ms: 812,
      stopReason: "end",
    });
    expect(formatLogLine(line, LEVELS["info"] ?? 30)).toBe(
      "12:04:05 INFO  [turn] turn end ms=812 stopReason=end",
    );
  });

  it("drops lines below the minimum level", () => {
    expect(formatLogLine(JSON.stringify({ level: 20, time, msg: "detail" }), 30)).toBeNull();
  });

  it("passes lines that are not one JSON object through as they are", () => {
    expect(formatLogLine("a torn li", 30)).toBe("a torn li");
    expect(formatLogLine("[1,2]", 30)).toBe("[1,2]");
  });
});
