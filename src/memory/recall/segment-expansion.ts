// The memory tree as document expansion (issue 51, ADR 0004 round 23): a message also matches
// through the summary of its L0 segment. The question's words are ranked against the L0
// summaries by BM25 (the summaries are a few hundred short documents, held in memory per store
// and read again when a segment closes or a summary is rewritten); the lexical leg's candidates
// that lie in the best `segments` segments, those of the best segment first and each segment's in
// the lexical leg's order, are a leg fused at `weight`. Or (`words`) as a term of the lexical
// score: a hit also holds the question's words its segment's summary holds, and gains `words`
// times the share of the question's words that adds to its own coverage (term-coverage.ts). Both
// add no message the words did not find: they re-rank by the topic the hit was said in. Off
// (weights 0) they read nothing.
import type { Segment } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import type { ScoredHit } from "./lexical-rescore.js";
import type { RecallTuning } from "./recall-tuning.js";
import type { LexicalLeg } from "./recall-types.js";
import { coverageOf } from "./term-coverage.js";

/** BM25's constants (Robertson and Zaragoza 2009), over the summaries. */
const K1 = 1.2;
const B = 0.75;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

interface Leaf {
  id: string;
  summary: string;
  seqStart: number;
  seqEnd: number;
  counts: Map<string, number>;
  length: number;
}

/** The L0 summaries of one store, as bags of words, and each session's leaves by start. */
export class SegmentSummaries {
  private readonly bySession = new Map<string, Leaf[]>();
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;
  private readonly leaves: number;

  constructor(segments: readonly Segment[]) {
    let total = 0;
    let leaves = 0;
    for (const segment of segments) {
      if (segment.level !== 0 || !segment.summary) continue;
      const counts = new Map<string, number>();
      const words = wordsOf(segment.summary);
      for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      for (const word of counts.keys()) this.df.set(word, (this.df.get(word) ?? 0) + 1);
      const list = this.bySession.get(segment.session) ?? [];
      list.push({ ...segment, summary: segment.summary, counts, length: words.length });
      this.bySession.set(segment.session, list);
      total += words.length;
      leaves += 1;
    }
    for (const list of this.bySession.values()) list.sort((a, b) => a.seqStart - b.seqStart);
    this.leaves = leaves;
    this.averageLength = leaves > 0 ? total / leaves : 0;
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

  /** BM25 of the terms against one leaf's summary (0: it holds none of them). */
  score(leaf: Leaf, terms: readonly string[]): number {
    let score = 0;
    const norm = K1 * (1 - B + (B * leaf.length) / (this.averageLength || 1));
    for (const term of terms) {
      const tf = leaf.counts.get(term) ?? 0;
      if (tf === 0) continue;
      const df = this.df.get(term) ?? 0;
      const idf = Math.log(1 + (this.leaves - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + norm);
    }
    return score;
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
 * The segment leg, best first: the lexical leg's candidates whose L0 segment's summary is among
 * the `segments` best for the question's words (BM25), the best segment's first, each segment's in
 * the lexical order. None when the tuning turns it off, nothing was found, or no summary holds a
 * word of the question.
 */
export function segmentRanking(
  store: AgentStore,
  leg: LexicalLeg,
  tuning: RecallTuning,
): number[] {
  const { weight, segments } = tuning.segmentLeg;
  if (weight <= 0 || leg.fts.length === 0 || leg.terms.length === 0) return [];
  const summaries = segmentSummariesOf(store);
  const heads = new Map(leg.heads.map((head) => [head.id, head]));
  const scores = new Map<string, number>();
  const placed: Array<{ id: number; leaf: string }> = [];
  for (const id of leg.fts) {
    const head = heads.get(id);
    const leaf = head ? summaries.leafOf(head.session, head.seq) : undefined;
    if (!leaf) continue;
    if (!scores.has(leaf.id)) scores.set(leaf.id, summaries.score(leaf, leg.terms));
    placed.push({ id, leaf: leaf.id });
  }
  const best = [...scores]
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, segments)
    .map(([leaf]) => leaf);
  return best.flatMap((leaf) => placed.filter((entry) => entry.leaf === leaf).map((e) => e.id));
}

/**
 * The lexical hits re-scored as if each also held its L0 segment's summary: a hit's score times
 * 1 + `words` × (the share of the question's words it holds with the summary − the share it
 * holds alone), best first (questions of two words or more, as coverage). A hit holding every
 * word gains nothing; one said where the topic's other words are summarized gains. The hits
 * unchanged when the tuning turns it off (nothing is read).
 */
export function withSegmentWords(
  store: AgentStore,
  hits: readonly ScoredHit[],
  heads: readonly IndexedMessage[],
  terms: readonly string[],
  tuning: RecallTuning,
): ScoredHit[] {
  const { words } = tuning.segmentLeg;
  if (words <= 0 || terms.length < 2 || hits.length === 0) return [...hits];
  const summaries = segmentSummariesOf(store);
  const coverage = coverageOf(terms);
  const texts = new Map(heads.map((head) => [head.id, messageText(head)]));
  return hits
    .map((hit) => {
      const leaf = summaries.leafOf(hit.session, hit.seq);
      const text = texts.get(hit.id);
      if (!leaf || text === undefined) return hit;
      const gained = coverage(`${text}\n${leaf.summary}`) - coverage(text);
      return gained > 0 ? { ...hit, score: hit.score * (1 + words * gained) } : hit;
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
}
