// The calendar days a question names ("on October 13, 2023", "13 October 2023", "2023-10-13"),
// as the span of timestamps that can speak of each: the day itself and the day after (what
// happened "yesterday" is told the next day). Recall's dated leg searches only there
// (recall.ts). Pure. docs/decisions/0004-recall-ranking.md, round 15.

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
const MONTH = `(${MONTHS.join("|")})`;
const PATTERNS: ReadonlyArray<{ pattern: RegExp; parts: (m: RegExpMatchArray) => number[] }> = [
  // October 13, 2023 / October 13th 2023
  {
    pattern: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "giu"),
    parts: (m) => [Number(m[3]), MONTHS.indexOf((m[1] ?? "").toLowerCase()), Number(m[2])],
  },
  // 13 October 2023
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})\\b`, "giu"),
    parts: (m) => [Number(m[3]), MONTHS.indexOf((m[2] ?? "").toLowerCase()), Number(m[1])],
  },
  // 2023-10-13
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    parts: (m) => [Number(m[1]), Number(m[2]) - 1, Number(m[3])],
  },
];

const DAY_MS = 86_400_000;

/** A span of ISO timestamps: at or after `after`, before `before`. */
export interface DaySpan {
  after: string;
  before: string;
}

/** The days `question` names, each as the span from its start to the end of the day after. */
export function questionDays(question: string, daysAfter = 1): DaySpan[] {
  const spans = new Map<string, DaySpan>();
  for (const { pattern, parts } of PATTERNS) {
    for (const match of question.matchAll(pattern)) {
      const [year = 0, month = -1, day = 0] = parts(match);
      const start = Date.UTC(year, month, day);
      const date = new Date(start);
      if (month < 0 || date.getUTCDate() !== day || date.getUTCMonth() !== month) continue;
      const after = date.toISOString();
      spans.set(after, { after, before: new Date(start + (1 + daysAfter) * DAY_MS).toISOString() });
    }
  }
  return [...spans.values()];
}
