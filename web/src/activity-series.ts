// The Sessions tab's activity bars, readable at any span: a short history is padded to two weeks
// (one day is one bar among empty days, not a slab across the chart), a long one (over 120 days)
// is summed per week, so a year is 53 bars instead of 365 hairlines. Pure.
import { fillDays } from "./format.js";

export interface ActivitySeries {
  bars: Array<{ label: string; value: number; highlight: boolean }>;
  unit: "day" | "week";
}

const MIN_DAYS = 14;
const WEEKLY_AFTER_DAYS = 120;

export function activitySeries(
  totals: ReadonlyMap<string, number>,
  liveDays: ReadonlySet<string>,
): ActivitySeries {
  const days = fillDays([...totals.keys()]);
  const first = days[0];
  if (first === undefined) return { bars: [], unit: "day" };
  const padding: string[] = [];
  for (let back = MIN_DAYS - days.length; back > 0; back -= 1) {
    const day = new Date(`${first}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - back);
    padding.push(day.toISOString().slice(0, 10));
  }
  const all = [...padding, ...days];
  const daily = all.map((day) => ({
    label: day,
    value: totals.get(day) ?? 0,
    highlight: liveDays.has(day),
  }));
  if (all.length <= WEEKLY_AFTER_DAYS) return { bars: daily, unit: "day" };
  const weeks: ActivitySeries["bars"] = [];
  for (let start = 0; start < daily.length; start += 7) {
    const week = daily.slice(start, start + 7);
    weeks.push({
      label: week[0]?.label ?? "",
      value: week.reduce((sum, day) => sum + day.value, 0),
      highlight: week.some((day) => day.highlight),
    });
  }
  return { bars: weeks, unit: "week" };
}
