// How the common words' index (word-index.ts) chooses its words and keeps within its memory: a
// sample of messages spread evenly through the history (ids a stride apart, so a word common in
// one stretch of a long history counts too) gives each word's share and the size its postings are
// expected to reach; once built, the least common words are dropped until the postings fit the
// budget. A dropped word is scored by FTS5, as every rarer word always was: the ranking stays
// exactly FTS5's. ADR 0017 ("The daemon's memory at 1M").
import type { WordPostings } from "./word-postings.js";

/** A word is common when this share of the sampled messages holds it. */
const COMMON_SHARE = 0.005;
/** Messages sampled to choose the common words. */
const SAMPLE = 20_000;
/** Bytes a posting takes on average (word-postings.ts: ~3.5), to size its array. */
const BYTES_PER_POSTING = 3.5;
/**
 * The postings' budget. Unbounded, the index took 170 MB at the chat-shaped 1M messages and
 * 257 MB at the bench's tool-heavy 1M, where it put the daemon's RSS at 567 MB (issue 50: at most
 * 500). 128 MB cut the chat-shaped 1M's index too, and its recall went from 6.6 / 12.4 ms to
 * 37.4 / 74.5 ms (p50 / p95): the words just under a cut are each in thousands of messages.
 */
export const WORD_INDEX_BUDGET_BYTES = 192 * 1024 * 1024;

export class WordSample {
  private readonly counts = new Map<string, number>();
  private readonly stride: number;
  /** The next i of the sample's ids `ceil((i + 1) × stride)`. */
  private at = 0;
  private seen = 0;

  /** `newest`: the highest message id now, the end of the range sampled. */
  constructor(private readonly newest: number) {
    this.stride = Math.max(1, newest / SAMPLE);
  }

  /** The sample's next ids, at most `limit`; fewer once it reaches its end. */
  nextIds(limit: number): number[] {
    const ids: number[] = [];
    for (; ids.length < limit && this.at < SAMPLE; this.at += 1) {
      const id = Math.ceil((this.at + 1) * this.stride);
      if (id > this.newest) break;
      ids.push(id);
    }
    return ids;
  }

  /** Counts one sampled message: the distinct words it holds. */
  add(words: ReadonlySet<string>): void {
    for (const word of words) this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    this.seen += 1;
  }

  /**
   * The words at least COMMON_SHARE of the sample holds, each with the bytes its postings are
   * expected to take over the whole history (a tenth more, for the history to grow).
   */
  commonWords(): Array<[string, number]> {
    const least = Math.max(2, Math.ceil(COMMON_SHARE * this.seen));
    const perSampled = (this.newest / Math.max(1, this.seen)) * BYTES_PER_POSTING;
    return [...this.counts]
      .filter(([, count]) => count >= least)
      .map(([word, count]): [string, number] => [word, count * perSampled * 1.1]);
  }
}

/** Bytes the postings of `words` hold. */
export function postingsBytes(words: ReadonlyMap<string, WordPostings>): number {
  let total = 0;
  for (const postings of words.values()) total += postings.size;
  return total;
}

/**
 * Once built: drops the least common words until the postings fit `budget` (their bytes as
 * built; the sample's projection over-estimates small postings, and cutting by it dropped words
 * that fitted: recall's FTS stage at the chat-shaped 1M went from 4.8 to 7.2 ms at p50), then
 * gives the arrays' spare room back.
 */
export function fitBudget(words: Map<string, WordPostings>, budget: number): void {
  let total = postingsBytes(words);
  const leastFirst = [...words].sort((a, b) => a[1].count - b[1].count);
  for (const [word, postings] of leastFirst) {
    if (total <= budget) break;
    total -= postings.size;
    words.delete(word);
  }
  for (const postings of words.values()) postings.trim();
}
