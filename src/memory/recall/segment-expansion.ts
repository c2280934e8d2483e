// The memory tree as document expansion (issue 51, ADR 0004 round 23): a lexical hit also
// holds the question's words its L0 segment's summary holds, and its score gains `weight` times
// the share of the question's words that adds to its own coverage (term-coverage.ts); with
// `apart`, only when no hit holds the question's words together (as nearby-words.ts). It adds no
// message the words did not find: it re-ranks by the topic a hit was said in. The summaries are
// held in memory per store and read again when a segment closes or the count of stand-in
// summaries changes. Off (`weight` 0) it reads nothing. (Round 23 also measured the summaries ranked by BM25 as a fused
// leg of their segments' hits: it lost 2.5 to 15 points on five yardsticks, and was removed.)
import type { Segment } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import type { ScoredHit } from "./lexical-rescore.js";
import type { RecallTuning } from "./recall-tuning.js";
import { coverageOf } from "./term-coverage.js";

interface Leaf {
  id: string;
  summary: string;
  seqStart: number;
  seqEnd: number;
}

/** The L0 summaries of one store, each session's leaves by start. */
export class SegmentSummaries {
  private readonly bySession = new Map<string, Leaf[]>();

  constructor(segments: readonly Segment[]) {
    for (const segment of segments) {
      if (segment.level !== 0 || !segment.summary) continue;
      const list = this.bySession.get(segment.session) ?? [];
      const { id, seqStart, seqEnd } = segment;
      list.push({ id, seqStart, seqEnd, summary: segment.summary });
      this.bySession.set(segment.session, list);
    }
    for (const list of this.bySession.values()) list.sort((a, b) => a.seqStart - b.seqStart);
  }

  /** The L0 segment holding a message, by binary search over its session's leaves. */
  leafOf(session: string, seq: number): Leaf | undefined {
    const list = this.bySession.get(session);
    if (!list) return undefined;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const leaf = list[middle] as Leaf;
      if (seq < leaf.seqStart) high = middle - 1;
      else if (seq >= leaf.seqEnd) low = middle + 1;
      else return leaf;
    }
    return undefined;
  }
}

const INDEXES = new WeakMap<AgentStore, { signature: string; summaries: SegmentSummaries }>();

/** The store's summaries, read again when the L0 count or the stale count has changed. */
export function segmentSummariesOf(store: AgentStore): SegmentSummaries {
  const signature = `${store.segments.countsByLevel()["L0"] ?? 0}/${store.segments.staleCount()}`;
  const known = INDEXES.get(store);
  if (known && known.signature === signature) return known.summaries;
  const segments = store.messages.sessionIds().flatMap((session) => store.segments.leaves(session));
  const summaries = new SegmentSummaries(segments);
  INDEXES.set(store, { signature, summaries });
  return summaries;
}

/**
 * The lexical hits re-scored as if each also held its L0 segment's summary: a hit's score times
 * 1 + `weight` × (the share of the question's words it holds with the summary − the share it
 * holds alone), best first (questions of two words or more, as coverage). A hit holding every
 * word gains nothing; one said where the topic's other words are summarized gains. The hits
 * unchanged when the tuning turns it off (nothing is read).
 */
export function withSegmentWords(
  store: AgentStore,
  hits: readonly ScoredHit[],
  search: {
    heads: readonly IndexedMessage[];
    terms: readonly string[];
    /** No hit holds the question's words together (wordsAreApart, nearby-words.ts). */
    apart: boolean;
  },
  tuning: RecallTuning,
): ScoredHit[] {
  const { heads, terms } = search;
  const { weight, apart } = tuning.segmentWords;
  if (weight <= 0 || terms.length < 2 || hits.length === 0) return [...hits];
  if (apart && !search.apart) return [...hits];
  const summaries = segmentSummariesOf(store);
  const coverage = coverageOf(terms);
  const texts = new Map(heads.map((head) => [head.id, messageText(head)]));
  return hits
    .map((hit) => {
      const leaf = summaries.leafOf(hit.session, hit.seq);
      const text = texts.get(hit.id);
      if (!leaf || text === undefined) return hit;
      const gained = coverage(`${text}\n${leaf.summary}`) - coverage(text);
      return gained > 0 ? { ...hit, score: hit.score * (1 + weight * gained) } : hit;
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
}
