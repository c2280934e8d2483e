// The meaning of a text as one vector: the frequency-weighted mean of its words' GloVe vectors
// (smooth inverse frequency, Arora et al. 2017), so "automobile" lands near "car" without a model.
// Pure over the table.
import { safeSlice } from "../text/truncate-text.js";
import { normalizeVector } from "./embedder.js";
import type { WordVectors } from "./word-vectors.js";

const WORD = /\p{L}+/gu;

const MEANING_TUNING = {
  /**
   * SIF's `a`: a word of frequency rank r weighs a / (a + p(r)), p(r) = 0.1 / (r + 1) (Zipf).
   * Frequent words ("time", "good") fade, rarer ones carry the topic.
   */
  sif: 0.001,
  /** Words ranked above this (the most frequent) carry no topic at all. */
  skipTop: 40,
  /** Only the head of a long text counts: it carries the topic, and it bounds the cost. */
  maxChars: 1_000,
};

/** Weight of the word at frequency rank `row`. */
export function wordWeight(row: number): number {
  if (row < MEANING_TUNING.skipTop) return 0;
  const p = 0.1 / (row + 1);
  return MEANING_TUNING.sif / (MEANING_TUNING.sif + p);
}

/** Rows of the table for the words of `text`, repeats kept, unknown words left out. */
function wordRows(text: string, table: WordVectors): number[] {
  const rows: number[] = [];
  for (const match of safeSlice(text, 0, MEANING_TUNING.maxChars).toLowerCase().matchAll(WORD)) {
    const row = table.row(match[0]);
    if (row !== undefined) rows.push(row);
  }
  return rows;
}

/** The unit meaning vector of `text` (`table.dimensions` long), all zeros without known words. */
export function meaningVector(text: string, table: WordVectors): Float32Array {
  const vector = new Float32Array(table.dimensions);
  for (const row of wordRows(text, table)) table.addTo(vector, row, wordWeight(row));
  return normalizeVector(vector);
}
