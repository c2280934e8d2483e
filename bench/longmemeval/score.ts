// Turn- and session-level recall@k of a ranked list of message ranges (LongMemEval protocol: a
// result that is a range of n messages counts as n messages shown). Pure.

export const RECALL_KS = [1, 5, 10] as const;

export interface Hits {
  turn: Record<number, boolean>;
  session: Record<number, boolean>;
}

/** `ranges` best first, `[seqStart, seqEnd)`; `sessionOf[seq]` the haystack session of a seq. */
export function scoreRanges(
  ranges: ReadonlyArray<readonly [number, number]>,
  truth: {
    evidence: ReadonlySet<number>;
    sessionOf: readonly number[];
    answerSessions: ReadonlySet<number>;
  },
): Hits {
  const shown: number[] = [];
  const seen = new Set<number>();
  for (const [start, end] of ranges) {
    for (let seq = start; seq < end; seq += 1) {
      if (seen.has(seq)) continue;
      seen.add(seq);
      shown.push(seq);
    }
  }
  const sessions: number[] = [];
  for (const seq of shown) {
    const session = truth.sessionOf[seq] ?? -1;
    if (!sessions.includes(session)) sessions.push(session);
  }
  const turn: Record<number, boolean> = {};
  const session: Record<number, boolean> = {};
  for (const k of RECALL_KS) {
    turn[k] = shown.slice(0, k).some((seq) => truth.evidence.has(seq));
    session[k] = sessions.slice(0, k).some((index) => truth.answerSessions.has(index));
  }
  return { turn, session };
}

/** Single messages as ranges. */
export function asRanges(seqs: readonly number[]): Array<[number, number]> {
  return seqs.map((seq) => [seq, seq + 1]);
}
