// Durations as people write them in commands and config (SPEC §13): `90s`, `20m`, `2h`, `1d`; a
// bare number is minutes. Pure.

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const DURATION = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)?$/i;

/**
 * The longest duration there is: 100 years. Past it a time is out of reach of dates themselves
 * (`new Date(now + 9999999999999999 days)` is an Invalid Date, and a job's view threw on it:
 * issue 49 item 10), and no schedule needs it.
 */
const MAX_DURATION_MS = 36_525 * 86_400_000;

/**
 * Milliseconds of a duration string (`90s`, `20m`, `2h`, `1d`, `15` = 15 minutes), or null when
 * the text is not one or is past 100 years. `0` is 0 ("off" where a key allows it).
 */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const unit = (match[2] ?? "m").toLowerCase();
  const milliseconds = Number(match[1]) * (UNIT_MS[unit] ?? 60_000);
  return milliseconds <= MAX_DURATION_MS ? Math.round(milliseconds) : null;
}

/** A duration in the largest unit that divides it exactly: 5400000 → `90m`, 7200000 → `2h`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds === 0) return "0";
  for (const unit of ["d", "h", "m", "s"]) {
    const size = UNIT_MS[unit] ?? 1000;
    if (milliseconds % size === 0) return `${milliseconds / size}${unit}`;
  }
  return `${(milliseconds / 1000).toFixed(1)}s`;
}

/** A short "how far away" for listings: `in 4m`, `2h ago`. */
export function formatRelative(targetMs: number, nowMs: number): string {
  const delta = targetMs - nowMs;
  const size = Math.abs(delta);
  const text =
    size < 60_000
      ? `${Math.round(size / 1000)}s`
      : size < 3_600_000
        ? `${Math.round(size / 60_000)}m`
        : size < 172_800_000
          ? `${Math.round(size / 3_600_000)}h`
          : `${Math.round(size / 86_400_000)}d`;
  return delta >= 0 ? `in ${text}` : `${text} ago`;
}
