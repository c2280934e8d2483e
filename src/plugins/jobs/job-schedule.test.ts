import { describe, expect, it } from "vitest";
import { isKernError } from "../../kernel/index.js";
import { describeSchedule, nextRunAfter, parseSchedule } from "./job-schedule.js";

const NOW = Date.parse("2026-11-26T21:30:00.000Z"); // a Thursday
const BERLIN = { nowMs: NOW, timezone: "Europe/Berlin", minIntervalMs: 60_000 };

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isKernError(error) ? error.code : "not a KernError";
  }
  return undefined;
}

describe("parseSchedule", () => {
  it("turns `in` into a one-shot time", () => {
    expect(parseSchedule({ in: "20m" }, BERLIN)).toEqual({
      kind: "at",
      at: "2026-11-26T21:50:00.000Z",
    });
  });

  it("reads a local `at` in the configured zone, and an ISO time with its offset", () => {
    expect(parseSchedule({ at: "2026-12-01 09:00" }, BERLIN)).toEqual({
      kind: "at",
      at: "2026-12-01T08:00:00.000Z",
    });
    expect(parseSchedule({ at: "2026-12-01T09:00:00+02:00" }, BERLIN)).toMatchObject({
      at: "2026-12-01T07:00:00.000Z",
    });
    // "09:00" = the next 9:00 in Berlin: tomorrow, since it is 22:30 there now.
    expect(parseSchedule({ at: "09:00" }, BERLIN)).toMatchObject({
      at: "2026-11-27T08:00:00.000Z",
    });
  });

  it("refuses a past, impossible or unreadable time", () => {
    expect(codeOf(() => parseSchedule({ at: "2026-01-01 09:00" }, BERLIN))).toBe("KERN_USAGE");
    expect(codeOf(() => parseSchedule({ at: "2026-02-31 09:00" }, BERLIN))).toBe("KERN_USAGE");
    expect(codeOf(() => parseSchedule({ at: "tomorrow-ish" }, BERLIN))).toBe("KERN_USAGE");
  });

  it("asks for exactly one kind", () => {
    expect(codeOf(() => parseSchedule({}, BERLIN))).toBe("KERN_USAGE");
    expect(codeOf(() => parseSchedule({ in: "5m", every: "1h" }, BERLIN))).toBe("KERN_USAGE");
  });

  it("keeps repeats at or above jobs.minInterval", () => {
    expect(codeOf(() => parseSchedule({ every: "30s" }, BERLIN))).toBe("KERN_USAGE");
    expect(codeOf(() => parseSchedule({ cron: "*/10 * * * * *" }, BERLIN))).toBe("KERN_USAGE");
    expect(parseSchedule({ every: "30s" }, { ...BERLIN, minIntervalMs: 1000 })).toMatchObject({
      kind: "every",
      everyMs: 30_000,
    });
    expect(codeOf(() => parseSchedule({ cron: "not cron" }, BERLIN))).toBe("KERN_USAGE");
  });
});

describe("nextRunAfter", () => {
  it("gives a one-shot time once, then none", () => {
    const schedule = parseSchedule({ in: "1h" }, BERLIN);
    expect(nextRunAfter(schedule, NOW)).toBe(NOW + 3_600_000);
    expect(nextRunAfter(schedule, NOW + 3_600_000)).toBeNull();
  });

  it("counts an interval from its start, skipping whole missed periods", () => {
    const schedule = parseSchedule({ every: "1h" }, BERLIN);
    expect(nextRunAfter(schedule, NOW)).toBe(NOW + 3_600_000);
    expect(nextRunAfter(schedule, NOW + 5.5 * 3_600_000)).toBe(NOW + 6 * 3_600_000);
  });

  it("reads cron in the job's zone", () => {
    const schedule = parseSchedule({ cron: "0 9 * * 1-5" }, BERLIN);
    expect(describeSchedule(schedule)).toBe("cron 0 9 * * 1-5 (Europe/Berlin)");
    // Friday 9:00 in Berlin (CET, UTC+1), then Monday.
    expect(new Date(nextRunAfter(schedule, NOW) ?? 0).toISOString()).toBe(
      "2026-11-27T08:00:00.000Z",
    );
    const friday = Date.parse("2026-11-27T08:00:00.000Z");
    expect(new Date(nextRunAfter(schedule, friday) ?? 0).toISOString()).toBe(
      "2026-11-30T08:00:00.000Z",
    );
  });
});
