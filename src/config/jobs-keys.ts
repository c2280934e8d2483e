// The keys of jobs and the heartbeat (SPEC §13), spread into the schema's top level (schema.ts).
import { z } from "zod";
import { parseDuration } from "../kernel/index.js";

/** A duration string (`90s`, `20m`, `2h`, `1d`; a bare number is minutes). */
function durationString(example: string) {
  return z.string().refine((text) => parseDuration(text) !== null, {
    message: `expected a duration such as "${example}" (90s, 20m, 2h, 1d; a bare number is minutes)`,
  });
}

/**
 * The default daily cap on unattended tokens. A heartbeat every 30 min with a checklist spends
 * about 48 × 8,500 ≈ 410k tokens a day on its light prompt, so 1M leaves room for it and a dozen
 * sizeable job runs, while a runaway loop that nobody watches stops at about 1M tokens a day
 * instead of running up a bill until someone looks (docs/jobs.md, issue 49).
 */
const UNATTENDED_TOKENS_PER_DAY = 1_000_000;

const QUIET_HOURS = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

const jobsSchema = z
  .object({
    max: z.number().int().min(1).max(10_000).default(50).describe("Most jobs one agent keeps."),
    minInterval: durationString("1m")
      .default("1m")
      .describe("Shortest repeat of a job (every, cron) and of heartbeatInterval."),
  })
  .strict()
  .default({ max: 50, minInterval: "1m" });

export const jobsAndHeartbeatKeys = {
  timezone: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .refine((zone) => zone === null || isTimeZone(zone), {
      message: 'expected an IANA time zone such as "Europe/Berlin"',
    })
    .describe("IANA time zone for job times, cron and quietHours; null = the host's."),
  heartbeatInterval: durationString("30m")
    .default("30m")
    .describe("A heartbeat turn on HEARTBEAT.md this often (at least jobs.minInterval); 0 = off."),
  heartbeatIdleStop: durationString("24h")
    .default("24h")
    .describe("No heartbeat once no user has written for this long; 0 = never stop."),
  heartbeatModel: z
    .string()
    .min(1)
    .nullable()
    .default(null)
    .describe("Model for heartbeat turns; null = the chat model."),
  heartbeatTo: z
    .string()
    .regex(
      /^(session|web|tui|[a-z][a-z0-9_-]*:.+)$/,
      'expected a route such as "telegram:123456789" or "session"',
    )
    .nullable()
    .default(null)
    .describe(
      "Where a heartbeat's finding goes (not NO_REPLY): a paired chat as CHANNEL:CHAT_ID, or session; null = the operator's chat that spoke last, else a paired operator's, else the session.",
    ),
  quietHours: z
    .string()
    .regex(QUIET_HOURS, 'expected "HH:MM-HH:MM" such as "23:00-07:00"')
    .nullable()
    .default(null)
    .describe("No heartbeat between these local times (in `timezone`); null = none."),
  unattendedTokensPerDay: z
    .number()
    .int()
    .min(0)
    .nullable()
    .default(UNATTENDED_TOKENS_PER_DAY)
    .describe(
      "Cap on input + output tokens per day of unattended work: job and heartbeat turns, sub-agents, background-command turns; null = no cap (docs/jobs.md says why the default is 1,000,000).",
    ),
  jobs: jobsSchema,
};

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false; // RangeError: not a zone this Node knows
  }
}
