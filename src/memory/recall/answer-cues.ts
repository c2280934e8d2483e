// A question word whose answers carry a word of their own: a "why" is answered with "because".
// The question word itself is a stopword (it is in every question and no answer), so without a
// cue the lexical leg ranks a message that names the subject above the one that gives the
// reason ("The experiment timeout for pricing-page is set to 6859ms" above "Decision: for the
// experiment of pricing-page we go with hudi-pricing …, because latency tests favoured it").
// Only cues that are English grammar, not one data set's phrasing. Pure.
// docs/decisions/0004-recall-ranking.md, round 15.

const CUES: ReadonlyArray<readonly [question: RegExp, cue: string]> = [[/\bwhy\b/i, "because"]];

/** The query with the cue words of its question words added (searched like any other word). */
export function withAnswerCues(query: string): string {
  const cues = CUES.filter(([question]) => question.test(query)).map(([, cue]) => cue);
  return cues.length > 0 ? `${query} ${cues.join(" ")}` : query;
}
