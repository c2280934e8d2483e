import { describe, expect, it } from "vitest";
import { formatDuration, formatRelative, parseDuration } from "./duration.js";

describe("parseDuration", () => {
  it("reads seconds, minutes, hours and days, and a bare number as minutes", () => {
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("20m")).toBe(1_200_000);
    expect(parseDuration("2h")).toBe(7_200_000);
    expect(parseDuration("1d")).toBe(86_400_000);
    expect(parseDuration("15")).toBe(900_000);
    expect(parseDuration("0")).toBe(0);
    expect(parseDuration("1.5h")).toBe(5_400_000);
  });

  it("refuses what is not a duration", () => {
    for (const text of ["", "soon", "-5m", "5 minutes", "1w", "m"]) {
      expect(parseDuration(text)).toBeNull();
    }
  });

  it("refuses durations past 100 years, which no date holds once added to now", () => {
    expect(parseDuration("36525d")).toBe(36_525 * 86_400_000);
    for (const text of ["36526d", "9999999999999999d", `${"9".repeat(400)}m`]) {
      expect(parseDuration(text)).toBeNull();
    }
  });

  it("formats in the largest unit that divides exactly", () => {
    expect(formatDuration(5_400_000)).toBe("90m");
    expect(formatDuration(7_200_000)).toBe("2h");
    expect(formatDuration(1500)).toBe("1.5s");
    expect(formatRelative(10_000 + 240_000, 10_000)).toBe("in 4m");
    expect(formatRelative(0, 7_200_000)).toBe("2h ago");
  });
});
