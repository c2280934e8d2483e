// The baseline a user would write in an afternoon: BM25 over single messages (lowercased words,
// English stop words removed, k1 1.2, b 0.75, the speaker's role in the text), as the LongMemEval
// README's anchors describe. Hand-written on purpose: it is the yardstick, not kern's ranking.
import { contentWords } from "../../src/store/index.js";

const K1 = 1.2;
const B = 0.75;

export interface Bm25Index {
  /** Message indexes, best first, at most `k` (messages without a matching word are left out). */
  search(query: string, k: number): number[];
}

export function buildBm25(texts: readonly string[]): Bm25Index {
  const documents = texts.map((text) => {
    const counts = new Map<string, number>();
    const list = contentWords(text);
    for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
    return { counts, length: list.length };
  });
  const frequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of document.counts.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const average = documents.reduce((sum, d) => sum + d.length, 0) / Math.max(1, documents.length);
  const total = documents.length;
  return {
    search(query, k) {
      const terms = [...new Set(contentWords(query))];
      const scored: Array<{ index: number; score: number }> = [];
      documents.forEach((document, index) => {
        let score = 0;
        for (const term of terms) {
          const count = document.counts.get(term);
          if (!count) continue;
          const df = frequency.get(term) ?? 0;
          const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
          score +=
            (idf * count * (K1 + 1)) / (count + K1 * (1 - B + (B * document.length) / average));
        }
        if (score > 0) scored.push({ index, score });
      });
      return scored
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, k)
        .map((entry) => entry.index);
    },
  };
}
