// Wall-clock facts in a time zone (for quietHours and "today" of the unattended budget). Pure:
// Intl does the zone math.

interface LocalParts {
  date: string;
  minutes: number;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs about a millisecond. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    FORMATTERS.set(timezone, formatter);
  }
  return formatter;
}

/** The local date (YYYY-MM-DD) and minutes since local midnight of `nowMs` in `timezone`. */
function localParts(nowMs: number, timezone: string): LocalParts {
  const parts = formatterFor(timezone).formatToParts(new Date(nowMs));
  const part = (type: string): string => parts.find((item) => item.type === type)?.value ?? "00";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** The instant local midnight began on the day `nowMs` falls on in `timezone`. */
export function startOfLocalDay(nowMs: number, timezone: string): number {
  const { date } = localParts(nowMs, timezone);
  // The zone's offset at midnight: the offset now may differ on a DST day, so correct once more.
  let guess = Date.parse(`${date}T00:00:00Z`);
  for (let round = 0; round < 2; round += 1) {
    const seen = localParts(guess, timezone);
    const seenMs = Date.parse(`${seen.date}T00:00:00Z`) + seen.minutes * 60_000;
    guess -= seenMs - Date.parse(`${date}T00:00:00Z`);
  }
  return guess;
}

/**
 * True when `nowMs` falls in `quietHours` ("23:00-07:00"; a range past midnight wraps), read in
 * `timezone`. Null = never quiet.
 */
export function isQuietTime(nowMs: number, quietHours: string | null, timezone: string): boolean {
  if (quietHours === null) return false;
  const [from, to] = quietHours.split("-").map(minutesOf);
  if (from === undefined || to === undefined) return false;
  const { minutes } = localParts(nowMs, timezone);
  if (from === to) return false;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The host's time zone (what `timezone: null` means). */
export function hostTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "2026-12-02 09:00": an instant (ms or ISO) as wall-clock time in `timezone`, for people. */
export function formatLocalDateTime(at: number | string, timezone: string): string {
  const ms = typeof at === "number" ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return String(at);
  const { date, minutes } = localParts(ms, timezone);
  const pad = (value: number): string => String(value).padStart(2, "0");
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
