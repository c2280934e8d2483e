// When a job runs (SPEC §13): parse what a person or the model wrote (`at`, `in`, `every`,
// `cron`) into a stored schedule, and compute the next due time after an instant. croner reads
// cron expressions and local times in a time zone. Pure but for croner.
import { Cron } from "croner";
import {
  formatDuration,
  formatLocalDateTime,
  parseDuration,
  UsageError,
} from "../../kernel/index.js";
import type { JobSchedule } from "../../store/index.js";

export interface ScheduleInput {
  at?: string | undefined;
  in?: string | undefined;
  every?: string | undefined;
  cron?: string | undefined;
}

export interface ScheduleContext {
  nowMs: number;
  /** The IANA zone for local times and cron. */
  timezone: string;
  /** `jobs.minInterval` in ms: the shortest gap between two runs of a repeating job. */
  minIntervalMs: number;
}

/**
 * The stored schedule for exactly one of `at`, `in`, `every`, `cron`. Throws KERN_USAGE saying
 * how to fix it: no or several kinds, an unreadable time, a past `at`, a repeat under
 * `jobs.minInterval`.
 */
export function parseSchedule(input: ScheduleInput, context: ScheduleContext): JobSchedule {
  const given = (["at", "in", "every", "cron"] as const).filter((key) => input[key] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(
      `give exactly one of at, in, every, cron (got ${given.length === 0 ? "none" : given.join(", ")}); e.g. in: "20m", every: "1h", cron: "0 9 * * 1-5", at: "2026-12-01 09:00"`,
    );
  }
  const kind = given[0];
  const text = (input[kind ?? "at"] ?? "").trim();
  switch (kind) {
    case "in":
      return { kind: "at", at: new Date(context.nowMs + durationOf(text, "in")).toISOString() };
    case "at":
      return parseAt(text, context);
    case "every":
      return parseEvery(text, context);
    case "cron":
      return parseCron(text, context);
    default:
      throw new UsageError("give one of at, in, every, cron");
  }
}

function durationOf(text: string, key: string): number {
  const milliseconds = parseDuration(text);
  if (milliseconds === null || milliseconds <= 0) {
    throw new UsageError(
      `${key}: "${text}" is not a duration; write 90s, 20m, 2h or 1d (a bare number is minutes)`,
    );
  }
  return milliseconds;
}

function parseEvery(text: string, context: ScheduleContext): JobSchedule {
  const everyMs = durationOf(text, "every");
  if (everyMs < context.minIntervalMs) {
    throw new UsageError(
      `every: ${text} is shorter than jobs.minInterval (${formatDuration(context.minIntervalMs)}); repeat less often or raise jobs.minInterval in .kern/config.json`,
    );
  }
  return { kind: "every", everyMs, from: new Date(context.nowMs).toISOString() };
}

function parseCron(expression: string, context: ScheduleContext): JobSchedule {
  let cron: Cron;
  try {
    cron = new Cron(expression, { timezone: context.timezone });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(
      `cron: "${expression}" is not a cron expression (${reason}); e.g. "0 9 * * 1-5" = weekdays at 9:00`,
    );
  }
  const [first, second] = cron.nextRuns(2, new Date(context.nowMs));
  if (!first) throw new UsageError(`cron: "${expression}" never runs again`);
  if (second && second.getTime() - first.getTime() < context.minIntervalMs) {
    throw new UsageError(
      `cron: "${expression}" runs more often than jobs.minInterval (${formatDuration(context.minIntervalMs)}); pick a sparser expression or raise jobs.minInterval`,
    );
  }
  return { kind: "cron", expression, timezone: context.timezone };
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const CLOCK_TIME = /^(\d{1,2}):(\d{2})$/;

function parseAt(text: string, context: ScheduleContext): JobSchedule {
  const atMs = instantOf(text, context);
  if (atMs === null) {
    throw new UsageError(
      `at: "${text}" is not a time; write "2026-12-01 09:00" (in ${context.timezone}), "09:00" (the next one), or an ISO time with an offset`,
    );
  }
  if (atMs <= context.nowMs) {
    throw new UsageError(`at: ${text} is in the past; give a later time or use "in"`);
  }
  return { kind: "at", at: new Date(atMs).toISOString() };
}

function instantOf(text: string, context: ScheduleContext): number | null {
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [, date, hour, minute, second] = local;
    const iso = `${date}T${(hour ?? "0").padStart(2, "0")}:${minute}:${second ?? "00"}`;
    return localInstant(iso, context);
  }
  const clock = CLOCK_TIME.exec(text);
  if (clock) {
    const [, hour, minute] = clock;
    if (Number(hour) > 23 || Number(minute) > 59) return null;
    const next = new Cron(`${Number(minute)} ${Number(hour)} * * *`, {
      timezone: context.timezone,
    }).nextRun(new Date(context.nowMs));
    return next ? next.getTime() : null;
  }
  if (!/\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

/** A wall-clock ISO time without offset, read in the context's zone (croner does the zone math). */
function localInstant(iso: string, context: ScheduleContext): number | null {
  const calendar = new Date(`${iso}Z`);
  // croner rolls 2026-02-31 over to March: refuse a date that is not on the calendar.
  if (Number.isNaN(calendar.getTime()) || calendar.toISOString().slice(0, 19) !== iso) return null;
  try {
    const next = new Cron(iso, { timezone: context.timezone }).nextRun(new Date(0));
    return next ? next.getTime() : null;
  } catch {
    return null; // croner refused it: reported by the caller as "not a time"
  }
}

/** The first due time strictly after `afterMs`, or null when the schedule has none left. */
export function nextRunAfter(schedule: JobSchedule, afterMs: number): number | null {
  switch (schedule.kind) {
    case "at": {
      const atMs = Date.parse(schedule.at);
      return atMs > afterMs ? atMs : null;
    }
    case "every": {
      const fromMs = Date.parse(schedule.from);
      if (afterMs < fromMs) return fromMs + schedule.everyMs;
      const steps = Math.floor((afterMs - fromMs) / schedule.everyMs) + 1;
      return fromMs + steps * schedule.everyMs;
    }
    case "cron": {
      const options = schedule.timezone ? { timezone: schedule.timezone } : {};
      const next = new Cron(schedule.expression, options).nextRun(new Date(afterMs));
      return next ? next.getTime() : null;
    }
    default: {
      const unreachable: never = schedule;
      return unreachable;
    }
  }
}

/**
 * One line for listings: `at 2026-12-01 09:00` (local time in `timezone`, to the minute; ISO UTC
 * when no zone is given), `every 1h`, `cron 0 9 * * 1-5 (Europe/Berlin)`.
 */
export function describeSchedule(schedule: JobSchedule, timezone?: string): string {
  switch (schedule.kind) {
    case "at":
      return `at ${timezone ? formatLocalDateTime(schedule.at, timezone) : schedule.at}`;
    case "every":
      return `every ${formatDuration(schedule.everyMs)}`;
    case "cron":
      return `cron ${schedule.expression}${schedule.timezone ? ` (${schedule.timezone})` : ""}`;
    default: {
      const unreachable: never = schedule;
      return unreachable;
    }
  }
}
