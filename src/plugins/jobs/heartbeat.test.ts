import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { FakeClock, isQuietTime, startOfLocalDay } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import { UnattendedBudget } from "../../runtime/index.js";
import { Heartbeat, type HeartbeatRequest } from "./heartbeat.js";
import { checklistItems, isEmptyChecklist } from "./heartbeat-checklist.js";

const TEMPLATE = `# Heartbeat checklist

<!--
  Every heartbeatInterval, kern reads this file. Write one item per line, e.g.
  - Check the backups folder and tell me if last night's backup is missing.
-->

## Every time

- [ ]

## Mornings
`;

describe("the checklist", () => {
  it("is empty with only headings, comments, blank items and rules", () => {
    expect(isEmptyChecklist("")).toBe(true);
    expect(isEmptyChecklist(TEMPLATE)).toBe(true);
    expect(isEmptyChecklist("---\n# A\n\n* \n1. [ ]\n<!-- unclosed comment\n- check")).toBe(true);
  });

  it("has an item once any other line is written", () => {
    expect(checklistItems(`${TEMPLATE}- Check the backups\n`)).toEqual(["- Check the backups"]);
    expect(isEmptyChecklist("Look at the disk space")).toBe(false);
  });
});

describe("quiet hours and the local day", () => {
  it("wraps a range past midnight, read in the zone", () => {
    const at = (iso: string) => Date.parse(iso);
    expect(isQuietTime(at("2026-11-26T22:30:00Z"), "23:00-07:00", "UTC")).toBe(false);
    expect(isQuietTime(at("2026-11-26T23:30:00Z"), "23:00-07:00", "UTC")).toBe(true);
    expect(isQuietTime(at("2026-11-27T06:59:00Z"), "23:00-07:00", "UTC")).toBe(true);
    expect(isQuietTime(at("2026-11-27T07:00:00Z"), "23:00-07:00", "UTC")).toBe(false);
    // 22:30 UTC is 23:30 in Berlin.
    expect(isQuietTime(at("2026-11-26T22:30:00Z"), "23:00-07:00", "Europe/Berlin")).toBe(true);
    expect(isQuietTime(at("2026-11-26T12:00:00Z"), "09:00-17:00", "UTC")).toBe(true);
    expect(isQuietTime(at("2026-11-26T12:00:00Z"), null, "UTC")).toBe(false);
  });

  it("finds local midnight, across a zone offset", () => {
    const start = startOfLocalDay(Date.parse("2026-11-26T22:30:00Z"), "Europe/Berlin");
    expect(new Date(start).toISOString()).toBe("2026-11-25T23:00:00.000Z");
    const summer = startOfLocalDay(Date.parse("2026-07-01T12:00:00Z"), "America/New_York");
    expect(new Date(summer).toISOString()).toBe("2026-07-01T04:00:00.000Z");
  });
});

describe("Heartbeat", () => {
  let dir: { path: string; cleanup: () => void };
  const made: Heartbeat[] = [];
  beforeEach(() => {
    dir = makeTempDir("kern-heartbeat-");
  });
  afterEach(() => {
    for (const heartbeat of made.splice(0)) heartbeat.stop();
    dir.cleanup();
  });

  function setup(options: { quietHours?: string; cap?: number; lastUserMs?: number | null } = {}) {
    const clock = new FakeClock(Date.parse("2026-11-26T12:00:00.000Z"));
    const requests: HeartbeatRequest[] = [];
    const notices: string[] = [];
    let spent = 0;
    const logger = createSilentLogger();
    const heartbeat = new Heartbeat({
      intervalMs: 0, // beats are driven by hand here
      idleStopMs: 86_400_000,
      quietHours: options.quietHours ?? null,
      timezone: "UTC",
      model: "cheap-model",
      maxContextTokens: 6000,
      checklistFile: join(dir.path, "HEARTBEAT.md"),
      clock,
      logger,
      budget: new UnattendedBudget({
        capPerDay: options.cap ?? null,
        timezone: "UTC",
        clock,
        logger,
        purposes: () => ["job", "heartbeat"],
        tokensSince: () => spent,
        onNotice: (text) => notices.push(text),
      }),
      lastUserMessageMs: () => options.lastUserMs ?? null,
      dispatch: (request) => {
        requests.push(request);
        return { turnId: `turn-${requests.length}` };
      },
    });
    made.push(heartbeat);
    heartbeat.start();
    const spend = (tokens: number) => {
      spent = tokens;
    };
    return { heartbeat, clock, requests, notices, spend };
  }

  it("makes no turn for an absent or empty checklist", () => {
    const { heartbeat, clock, requests } = setup();
    expect(heartbeat.beat()).toBe("empty");
    writeFileSync(join(dir.path, "HEARTBEAT.md"), TEMPLATE);
    for (let beat = 0; beat < 10; beat += 1) {
      clock.advance(60_000);
      expect(heartbeat.beat()).toBe("empty");
    }
    expect(requests).toHaveLength(0);
  });

  it("runs one light turn per beat on the heartbeat model, never two at once", () => {
    const { heartbeat, requests } = setup();
    writeFileSync(join(dir.path, "HEARTBEAT.md"), `${TEMPLATE}- Check the backups\n`);
    expect(heartbeat.beat()).toBe("ran");
    expect(heartbeat.beat()).toBe("busy");
    heartbeat.onTurnEnd("turn-1");
    expect(heartbeat.beat()).toBe("ran");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ model: "cheap-model", maxContextTokens: 6000 });
    expect(requests[0]?.text).toContain("- Check the backups");
    expect(requests[0]?.text).toContain("NO_REPLY");
    expect(requests[0]?.text).not.toContain("<!--");
  });

  it("stays quiet in quiet hours and once nobody has written for heartbeatIdleStop", () => {
    writeFileSync(join(dir.path, "HEARTBEAT.md"), "- Check the backups\n");
    expect(setup({ quietHours: "11:00-13:00" }).heartbeat.beat()).toBe("quiet");
    const idle = setup({ lastUserMs: Date.parse("2026-11-20T12:00:00.000Z") });
    idle.clock.advance(86_400_000);
    expect(idle.heartbeat.beat()).toBe("idle");
    expect(idle.requests).toHaveLength(0);
  });

  it("stops at the daily budget with one notice, and starts again the next day", () => {
    writeFileSync(join(dir.path, "HEARTBEAT.md"), "- Check the backups\n");
    const { heartbeat, clock, requests, notices, spend } = setup({ cap: 500 });
    expect(heartbeat.beat()).toBe("ran");
    heartbeat.onTurnEnd("turn-1");
    spend(500);
    for (let beat = 0; beat < 3; beat += 1) expect(heartbeat.beat()).toBe("budget");
    expect(notices).toHaveLength(1);
    expect(requests).toHaveLength(1);
    clock.advance(13 * 3_600_000); // 01:00 the next day
    spend(0); // the usage rows since the new local midnight
    expect(heartbeat.beat()).toBe("ran");
  });
});
