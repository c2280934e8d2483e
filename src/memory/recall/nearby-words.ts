// Words said around a message count for it, at a share of their weight. A conversation names its
// topic in passing ("any news on the media conversion?") and states its facts in other words
// ("Decision: for the codec of video-worker we go with …"); a question in the topic's words
// ("which option was picked for the compression format in the media conversion") then matches the
// statement only through its neighbours. A hit gains `weight × idf` (BM25's own scale: a word it
// held would add about idf) for each question word it lacks that is clustered around it: held by
// at least `least` of its neighbours and `burst` times denser there than in the whole history (a
// topic's name clusters where the topic is discussed; "days" is everywhere).
// docs/decisions/0004-recall-ranking.md, round 15.
import type { TermProximity } from "../../store/index.js";

export interface NearbyTuning {
  /** Share of a word's idf a hit gains when its neighbours hold it; 0 turns the rule off. */
  weight: number;
  /** Messages before a hit that count as its neighbours. */
  before: number;
  /** Messages after a hit that count as its neighbours. */
  after: number;
  /** Neighbours that must hold a word for it to count. */
  least: number;
  /** How many times denser around the hit than in the whole history a word must be. */
  burst: number;
  /** The largest share of a window a word may have to fill (a commoner word is not read). */
  densest: number;
  /** The `local` vector leg abstains when the best hit gained (its own text lacks the words). */
  vectorsAbstain: boolean;
  /** ... or when one of the backbone's first this many hits gained. */
  abstainWithin: number;
  /** The rule applies only when the best hit holds less than this share of the words (recall.ts). */
  belowCoverage: number;
}

interface Hit {
  id: number;
  score: number;
}

/** BM25's idf as FTS5 computes it, never below a small positive floor. */
function idf(total: number, holding: number): number {
  return Math.max(1e-6, Math.log((total - holding + 0.5) / (holding + 0.5)));
}

/**
 * The neighbours that must hold a word held by `holding` of `total` messages, or null when the
 * word cannot cluster: more neighbours than there are, or so common that no window is `burst`
 * times denser (also what bounds the count of its messages: it stops at that many).
 */
function neighboursNeeded(holding: number, total: number, tuning: NearbyTuning): number | null {
  const window = tuning.before + tuning.after;
  const expected = (holding * window) / Math.max(1, total);
  const least = Math.max(tuning.least, Math.ceil(tuning.burst * expected));
  return least > window * tuning.densest ? null : least;
}

/** The first index of sorted `ids` at or above `id`. */
function lowerBound(ids: readonly number[], id: number): number {
  let [low, high] = [0, ids.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ids[middle] ?? 0) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether message `id` is one of the sorted `holders`. */
function holds(holders: readonly number[], id: number): boolean {
  return holders[lowerBound(holders, id)] === id;
}

/** How many of the sorted `holders` sit in [id - before, id + after]. */
function neighboursHolding(holders: readonly number[], id: number, tuning: NearbyTuning): number {
  return lowerBound(holders, id + tuning.after + 1) - lowerBound(holders, id - tuning.before);
}

/**
 * The hits with the nearby words' share added to their scores (the order is the caller's), and
 * the ids of those that gained.
 */
export function withNearbyWords<T extends Hit>(
  proximity: TermProximity,
  hits: readonly T[],
  terms: readonly string[],
  tuning: NearbyTuning,
): { hits: T[]; lifted: ReadonlySet<number> } {
  if (tuning.weight <= 0 || hits.length === 0 || terms.length < 2) {
    return { hits: [...hits], lifted: new Set() };
  }
  const total = proximity.messageCount();
  // A word held by more than total × densest / burst messages would need more of a window.
  const cap = Math.ceil((total * tuning.densest) / Math.max(1, tuning.burst)) + 1;
  const bonus = new Map<number, number>();
  const words = [...new Set(terms)];
  const held = proximity.holders(words, cap);
  for (const word of words) {
    const holders = held.get(word) ?? null;
    const least =
      holders && holders.length > 0 ? neighboursNeeded(holders.length, total, tuning) : null;
    if (!holders || least === null) continue;
    const gain = tuning.weight * idf(total, holders.length);
    for (const hit of hits) {
      if (!holds(holders, hit.id) && neighboursHolding(holders, hit.id, tuning) >= least) {
        bonus.set(hit.id, (bonus.get(hit.id) ?? 0) + gain);
      }
    }
  }
  return {
    hits: hits.map((hit) => ({ ...hit, score: hit.score + (bonus.get(hit.id) ?? 0) })),
    lifted: new Set(bonus.keys()),
  };
}
