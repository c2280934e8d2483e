// Counts the tokens of one pre-tokenizer piece by byte-pair merging over a RankTable: the piece's
// UTF-8 bytes start as one part each, and the adjacent pair whose joined bytes have the lowest rank
// merges (the leftmost on a tie) until no joined pair is a token; the parts left are the tokens.
// That is tiktoken's merge rule; the package's counts are the tests' reference.
import { hashBytes, type RankTable } from "./bpe-ranks.js";

/** A joined pair that is no token. */
const NONE = 0x7fffffff;

export function createPieceCounter(table: RankTable): (piece: string) => number {
  const { bytes, starts, slots } = table;
  const mask = slots.length - 1;
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(1024);
  let bounds = new Int32Array(1025);
  let pairRanks = new Int32Array(1025);

  function rankOf(piece: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let slot = hashBytes(piece, start, end) & mask;
    for (;;) {
      const rank = slots[slot] as number;
      if (rank === -1) return NONE;
      const from = starts[rank] as number;
      if ((starts[rank + 1] as number) - from === length) {
        let same = 0;
        while (same < length && bytes[from + same] === piece[start + same]) same += 1;
        if (same === length) return rank;
      }
      slot = (slot + 1) & mask;
    }
  }

  return (piece) => {
    if (piece.length * 3 > scratch.length) {
      scratch = new Uint8Array(piece.length * 3);
      bounds = new Int32Array(scratch.length + 1);
      pairRanks = new Int32Array(scratch.length + 1);
    }
    const length = encoder.encodeInto(piece, scratch).written;
    if (length <= 1 || rankOf(scratch, 0, length) !== NONE) return Math.min(length, 1);
    // bounds[0..parts] are the parts' edges; pairRanks[i] ranks parts i and i + 1 joined.
    let parts = length;
    for (let index = 0; index <= length; index += 1) bounds[index] = index;
    const pairRank = (index: number) =>
      index + 2 > parts
        ? NONE
        : rankOf(scratch, bounds[index] as number, bounds[index + 2] as number);
    for (let index = 0; index < parts; index += 1) pairRanks[index] = pairRank(index);
    for (;;) {
      let lowest = NONE;
      let at = -1;
      for (let index = 0; index < parts - 1; index += 1) {
        if ((pairRanks[index] as number) < lowest) {
          lowest = pairRanks[index] as number;
          at = index;
        }
      }
      if (at === -1) return parts;
      bounds.copyWithin(at + 1, at + 2, parts + 1);
      pairRanks.copyWithin(at + 1, at + 2, parts);
      parts -= 1;
      pairRanks[at] = pairRank(at);
      if (at > 0) pairRanks[at - 1] = pairRank(at - 1);
    }
  };
}
