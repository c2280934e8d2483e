// One LongMemEval haystack as a kern import: sessions in date order, one message per turn with its
// session's date, and which messages (by seq) and sessions hold the evidence. Pure.
import type { Question } from "./questions.js";

export interface ImportLine {
  role: "user" | "assistant";
  content: string;
  ts: string;
}

export interface Haystack {
  lines: ImportLine[];
  /** Seqs of evidence turns (`has_answer`). */
  evidence: Set<number>;
  /** Session index of every seq, and the session indexes holding the answer. */
  sessionOf: number[];
  answerSessions: Set<number>;
}

/** "2023/05/20 (Sat) 00:31" → Date (UTC). */
function parseHaystackDate(text: string): Date {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) \(\w+\) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`unexpected LongMemEval date "${text}"`);
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute));
}

/** A LongMemEval date ("2023/05/20 (Sat) 00:31") as an ISO timestamp. */
export function haystackTime(text: string): string {
  return parseHaystackDate(text).toISOString();
}

export function toHaystack(question: Question): Haystack {
  const order = question.haystack_sessions
    .map((_, index) => index)
    .sort(
      (a, b) =>
        parseHaystackDate(question.haystack_dates[a] ?? "").getTime() -
        parseHaystackDate(question.haystack_dates[b] ?? "").getTime(),
    );
  const answerIds = new Set(question.answer_session_ids);
  const haystack: Haystack = {
    lines: [],
    evidence: new Set(),
    sessionOf: [],
    answerSessions: new Set(),
  };
  let last = 0;
  for (const sessionIndex of order) {
    const start = parseHaystackDate(question.haystack_dates[sessionIndex] ?? "").getTime();
    if (answerIds.has(question.haystack_session_ids[sessionIndex] ?? "")) {
      haystack.answerSessions.add(sessionIndex);
    }
    for (const turn of question.haystack_sessions[sessionIndex] ?? []) {
      // A second per turn inside a session, never earlier than the message before.
      last = Math.max(start, last + 1_000);
      const seq = haystack.lines.length;
      if (turn.has_answer) haystack.evidence.add(seq);
      haystack.sessionOf.push(sessionIndex);
      haystack.lines.push({
        role: turn.role,
        content: turn.content.trim() || "(empty)",
        ts: new Date(last).toISOString(),
      });
    }
  }
  return haystack;
}
