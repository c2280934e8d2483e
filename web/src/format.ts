// Number, time and range formatting for the views. Pure: no DOM.

export function formatNumber(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

/** `7d 2h`, `3h 12m`, `45m`, `12s`: the largest unit and the next one when it is not zero. */
export function formatDuration(milliseconds: number): string {
  const units: Array<[string, number]> = [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ];
  let rest = Math.max(0, Math.round(milliseconds / 1000));
  const parts: string[] = [];
  for (const [label, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${label}`);
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(" ") || "0s";
}

/** A short local date and time, e.g. `Mar 20, 08:00`; `—` for null. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/**
 * `Dec 2, 09:00`: an instant as wall-clock time in `timeZone` (the agent's, so the page says what
 * `kern jobs list` says; the browser's when absent or unknown), to the minute, 24-hour.
 */
export function formatZonedTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  };
  try {
    return date.toLocaleString("en-US", timeZone ? { ...options, timeZone } : options);
  } catch {
    return date.toLocaleString("en-US", options); // a zone this browser does not know
  }
}

/** A seq range `[start, end)` as people read it: `341–519`. */
export function formatSeqRange(seqStart: number, seqEnd: number): string {
  return seqEnd - seqStart <= 1 ? `${seqStart}` : `${seqStart}–${seqEnd - 1}`;
}

/** Share of `part` in `total` as a percentage for widths, clamped to [0, 100]. */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, (part / total) * 100));
}

/** Every YYYY-MM-DD day from the first to the last of `days` (sorted), gaps filled; at most a year. */
export function fillDays(days: string[]): string[] {
  const sorted = [...days].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return [];
  const result: string[] = [];
  const cursor = new Date(`${first}T00:00:00Z`);
  const end = new Date(`${last}T00:00:00Z`).getTime();
  while (cursor.getTime() <= end && result.length < 366) {
    result.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return result.length < 366 ? result : sorted;
}

/** A file size as people read it: `812 B`, `120 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
