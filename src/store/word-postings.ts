// The messages holding one word, in id order, each with how often the word occurs in each of
// messages_fts's four columns (content, tool calls, envelope, context), packed into one growing
// byte array: the id's gap to the one before as a varint, a byte with a bit per column that holds
// the word, and a varint count per such column. ~3.5 bytes a posting; word-index.ts reads them
// in order. Hand-written: the packing is four counts wide and append-only, no library fits it.

/** Columns of messages_fts, in its order. */
export const COLUMNS = 4;

export class WordPostings {
  private bytes: Uint8Array;
  private used = 0;
  private lastId = 0;
  /** How many messages hold the word. */
  count = 0;
  /** The columns any message holds the word in, a bit per column (bit i: column i). */
  columns = 0;

  /** Counts gathered for the message being indexed (countOccurrence, then flush). */
  private readonly pending = new Uint32Array(COLUMNS);
  private pendingTotal = 0;

  /**
   * `expectedBytes`: what the postings are expected to take (word-index.ts projects it from its
   * sample), so that a build grows each array about once instead of doubling it from 64 bytes:
   * every doubling leaves the old array as garbage, and at 1M messages that garbage was most of
   * the daemon's memory after the build.
   */
  constructor(expectedBytes = 64) {
    this.bytes = new Uint8Array(Math.max(64, Math.ceil(expectedBytes)));
  }

  /** Counts one occurrence in `column` of the message being indexed; returns the total so far. */
  countOccurrence(column: number): number {
    this.pending[column] = (this.pending[column] ?? 0) + 1;
    this.pendingTotal += 1;
    return this.pendingTotal;
  }

  /** Appends the message being indexed with the counted occurrences, and clears them. */
  flush(id: number): void {
    this.add(id, this.pending);
    this.pending.fill(0);
    this.pendingTotal = 0;
  }

  /** Appends a message (its id above every id so far) and its per-column counts. */
  add(id: number, counts: ArrayLike<number>): void {
    this.reserve(6 + COLUMNS * 5);
    this.writeVarint(id - this.lastId);
    let mask = 0;
    for (let column = 0; column < COLUMNS; column += 1) {
      if ((counts[column] ?? 0) > 0) mask |= 1 << column;
    }
    this.bytes[this.used++] = mask;
    this.columns |= mask;
    for (let column = 0; column < COLUMNS; column += 1) {
      const count = counts[column] ?? 0;
      if (count > 0) this.writeVarint(count);
    }
    this.lastId = id;
    this.count += 1;
  }

  /** Bytes held. */
  get size(): number {
    return this.used;
  }

  /** Gives back the room the array grew ahead of its postings (once a build is done). */
  trim(): void {
    if (this.bytes.length > this.used) this.bytes = this.bytes.slice(0, Math.max(1, this.used));
  }

  /**
   * Decodes every posting into `ids` and `weighted` (each at least `count` long): a message's id,
   * and the word's occurrences in it weighted by column, Σ count × weight, as FTS5's bm25()
   * weighs them (it adds a column's weight once per occurrence: the same to the last bit for
   * counts of one and two, within a rounding step beyond); returns `count`. Into buffers, the
   * four columns read without a branch: recall reads every posting of the question's common
   * words, and a column mask that varies from posting to posting costs more in mispredicted
   * branches than the decoding (~6 ns a posting, ~12 with branches, ~15 with a callback).
   */
  decodeWeighted(weights: readonly number[], ids: Uint32Array, weighted: Float64Array): number {
    const bytes = this.bytes;
    const w0 = weights[0] ?? 0;
    const w1 = weights[1] ?? 0;
    const w2 = weights[2] ?? 0;
    const w3 = weights[3] ?? 0;
    const count = this.count;
    let at = 0;
    let id = 0;
    for (let n = 0; n < count; n += 1) {
      let byte = bytes[at++] as number;
      let gap = byte & 0x7f;
      for (let scale = 128; byte >= 0x80; scale *= 128) {
        byte = bytes[at++] as number;
        gap += (byte & 0x7f) * scale;
      }
      id += gap;
      const mask = bytes[at++] as number;
      const counts = at;
      // A column's count (one byte below 128) times whether the word is in it; a byte past the
      // end reads as 0 (`| 0`).
      const in0 = mask & 1;
      const c0 = ((bytes[at] as number) | 0) * in0;
      at += in0;
      const in1 = (mask >> 1) & 1;
      const c1 = ((bytes[at] as number) | 0) * in1;
      at += in1;
      const in2 = (mask >> 2) & 1;
      const c2 = ((bytes[at] as number) | 0) * in2;
      at += in2;
      const in3 = (mask >> 3) & 1;
      const c3 = ((bytes[at] as number) | 0) * in3;
      at += in3;
      ids[n] = id;
      if ((c0 | c1 | c2 | c3) < 0x80) {
        weighted[n] = c0 * w0 + c1 * w1 + c2 * w2 + c3 * w3;
        continue;
      }
      // A count of 128 or more (a word that often in one message): its varints read apart.
      at = counts;
      let f = 0;
      for (let column = 0; column < COLUMNS; column += 1) {
        if ((mask & (1 << column)) === 0) continue;
        f += readVarint(bytes, at) * (weights[column] ?? 0);
        at = skipVarint(bytes, at);
      }
      weighted[n] = f;
    }
    return count;
  }

  /**
   * The ids of the messages holding the word in a column of `mask` (bit i: column i), ascending;
   * null as soon as more than `cap` do.
   */
  idsIn(mask: number, cap: number): number[] | null {
    const ids: number[] = [];
    const bytes = this.bytes;
    const used = this.used;
    let at = 0;
    let id = 0;
    while (at < used) {
      id += readVarint(bytes, at);
      at = skipVarint(bytes, at);
      const columns = bytes[at++] as number;
      // Skip the counts: one varint per column the word is in.
      for (let left = popCount(columns); left > 0; at += 1)
        if ((bytes[at] as number) < 0x80) left -= 1;
      if ((columns & mask) === 0) continue;
      if (ids.length === cap) return null;
      ids.push(id);
    }
    return ids;
  }

  private writeVarint(value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.used++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.used++] = rest;
  }

  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + extra));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }
}

/** The number of bits set in a column mask. */
function popCount(mask: number): number {
  let bits = 0;
  for (let rest = mask; rest > 0; rest >>= 1) bits += rest & 1;
  return bits;
}

/** The varint at `at`. */
function readVarint(bytes: Uint8Array, at: number): number {
  let value = 0;
  let scale = 1;
  for (let next = at; ; next += 1) {
    const byte = bytes[next] as number;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 128;
  }
}

/** Where the varint at `at` ends. */
function skipVarint(bytes: Uint8Array, at: number): number {
  let next = at;
  while ((bytes[next] as number) >= 0x80) next += 1;
  return next + 1;
}
