// The times a question names, as spans of timestamps that can speak of them: a calendar day ("on
// October 13, 2023", "29 Dec 2023", "2023-10-13") is the day itself and the day after (what
// happened "yesterday" is told the next day); a month ("in July 2022") is the month and the day
// after it; a relative time ("yesterday", "last week", "three days ago") is resolved against when
// the question is asked, when the caller says. Recall's dated leg searches only there
// (recall.ts). Pure. docs/decisions/0004-recall-ranking.md, rounds 15 and 19.

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/** A month's name or its first three letters ("Dec", "Sept."), captured. */
const MONTH = `(${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;

function monthIndex(name: string | undefined): number {
  const word = (name ?? "").toLowerCase().replace(".", "");
  return MONTHS.findIndex((month) => month.startsWith(word.slice(0, 3)) && word.length >= 3);
}

const DAY_PATTERNS: ReadonlyArray<{ pattern: RegExp; parts: (m: RegExpMatchArray) => number[] }> = [
  // October 13, 2023 / Oct 13th 2023
  {
    pattern: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "giu"),
    parts: (m) => [Number(m[3]), monthIndex(m[1]), Number(m[2])],
  },
  // 13 October 2023 / 29 Dec 2023 / the 10th of February 2024
  {
    pattern: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`,
      "giu",
    ),
    parts: (m) => [Number(m[3]), monthIndex(m[2]), Number(m[1])],
  },
  // 2023-10-13
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    parts: (m) => [Number(m[1]), Number(m[2]) - 1, Number(m[3])],
  },
];

/** "in July 2022", "during April 2022", "July of 2022": a month and year with no day. */
const MONTH_PATTERN = new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?(\\d{4})\\b`, "giu");

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const RELATIVE =
  /\b(?:(yesterday|last night|today|this morning|tonight)|(last|this|past) (week|month|weekend)|(\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten) (day|week|month)s? ago)\b/giu;

const DAY_MS = 86_400_000;

/** A span of ISO timestamps: at or after `after`, before `before`. */
export interface DaySpan {
  after: string;
  before: string;
}

export interface QuestionTimeOptions {
  /** Days after a named day (or month) that still speak of it. */
  daysAfter?: number;
  /** Also months named with their year. */
  months?: boolean;
  /** When the question is asked (ISO): relative times are resolved against it; none without. */
  now?: string;
}

function span(start: number, end: number): DaySpan {
  return { after: new Date(start).toISOString(), before: new Date(end).toISOString() };
}

function namedDays(question: string, daysAfter: number): DaySpan[] {
  return DAY_PATTERNS.flatMap(({ pattern, parts }) =>
    [...question.matchAll(pattern)].flatMap((match) => {
      const [year = 0, month = -1, day = 0] = parts(match);
      const start = Date.UTC(year, month, day);
      const date = new Date(start);
      if (month < 0 || date.getUTCDate() !== day || date.getUTCMonth() !== month) return [];
      return [span(start, start + (1 + daysAfter) * DAY_MS)];
    }),
  );
}

function namedMonths(question: string, daysAfter: number, days: readonly DaySpan[]): DaySpan[] {
  return [...question.matchAll(MONTH_PATTERN)].flatMap((match) => {
    const [month, year] = [monthIndex(match[1]), Number(match[2])];
    if (month < 0) return [];
    const start = Date.UTC(year, month, 1);
    // "October 13, 2023" names a day, not October: its month is not searched as well.
    if (days.some((day) => new Date(day.after).getUTCMonth() === month)) return [];
    return [span(start, Date.UTC(year, month + 1, 1) + daysAfter * DAY_MS)];
  });
}

/** The span a relative expression names, from the start of the day `now` falls in. */
function relativeSpan(match: RegExpMatchArray, today: number): DaySpan | null {
  const [, dayWord, which, unit, count, countUnit] = match;
  const word = dayWord?.toLowerCase();
  if (word === "yesterday" || word === "last night") return span(today - DAY_MS, today + DAY_MS);
  if (word) return span(today, today + DAY_MS);
  if (which && unit) {
    const days = unit.toLowerCase() === "month" ? 31 : unit.toLowerCase() === "week" ? 7 : 3;
    const back = which.toLowerCase() === "this" ? days : 2 * days;
    return span(today - back * DAY_MS, today + DAY_MS);
  }
  const n = NUMBERS[(count ?? "").toLowerCase()] ?? Number(count);
  const size = { day: 1, week: 7, month: 30 }[(countUnit ?? "day").toLowerCase()] ?? 1;
  if (!Number.isFinite(n) || n <= 0) return null;
  // "three weeks ago" is about then, give or take half a unit (and a day either side).
  const centre = today - n * size * DAY_MS;
  const half = Math.max(1, Math.ceil(size / 2)) * DAY_MS;
  return span(centre - half, centre + half + DAY_MS);
}

function relativeTimes(question: string, now: string | undefined): DaySpan[] {
  const at = now ? Date.parse(now) : Number.NaN;
  if (!Number.isFinite(at)) return [];
  const today = Math.floor(at / DAY_MS) * DAY_MS;
  return [...question.matchAll(RELATIVE)].flatMap((match) => relativeSpan(match, today) ?? []);
}

/** The times `question` names, each as a span of timestamps, each once. */
export function questionTimes(question: string, options: QuestionTimeOptions = {}): DaySpan[] {
  const daysAfter = options.daysAfter ?? 1;
  const days = namedDays(question, daysAfter);
  const months = options.months ? namedMonths(question, daysAfter, days) : [];
  const all = [...days, ...months, ...relativeTimes(question, options.now)];
  return [...new Map(all.map((entry) => [`${entry.after}/${entry.before}`, entry])).values()];
}

/** The days `question` names, each as the span from its start to the end of the day after. */
export function questionDays(question: string, daysAfter = 1): DaySpan[] {
  return questionTimes(question, { daysAfter });
}
