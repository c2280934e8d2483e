// The baseline a user would write in an afternoon: BM25 over single messages (lowercased words,
// English stop words removed, k1 1.2, b 0.75, the speaker's role in the text), as the LongMemEval
// README's anchors describe. Hand-written on purpose: it is the yardstick, not kern's ranking.
// An inverted index (postings per word), so it also serves the 20k-message planted-fact run.
import { contentWords } from "../../src/store/index.js";

const K1 = 1.2;
const B = 0.75;

export interface Bm25Index {
  /** Message indexes, best first, at most `k` (messages without a matching word are left out). */
  search(query: string, k: number): number[];
}

interface Postings {
  documents: number[];
  counts: number[];
}

export function buildBm25(texts: Iterable<string>): Bm25Index {
  const postings = new Map<string, Postings>();
  const lengths: number[] = [];
  for (const text of texts) {
    const index = lengths.length;
    const counts = new Map<string, number>();
    const words = contentWords(text);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      let list = postings.get(word);
      if (!list) {
        list = { documents: [], counts: [] };
        postings.set(word, list);
      }
      list.documents.push(index);
      list.counts.push(count);
    }
    lengths.push(words.length);
  }
  const total = lengths.length;
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, total);
  return {
    search(query, k) {
      const scores = new Map<number, number>();
      for (const term of new Set(contentWords(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const df = list.documents.length;
        const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
        for (const [at, document] of list.documents.entries()) {
          const count = list.counts[at] ?? 0;
          const norm = 1 - B + (B * (lengths[document] ?? 0)) / average;
          const score = (idf * count * (K1 + 1)) / (count + K1 * norm);
          scores.set(document, (scores.get(document) ?? 0) + score);
        }
      }
      return [...scores]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, k)
        .map(([index]) => index);
    },
  };
}
