// The messages holding one word, in id order, each with how often the word occurs in each of
// messages_fts's four columns (content, tool calls, envelope, context), packed into one growing
// byte array: the id's gap to the one before as a varint, a byte with a bit per column that holds
// the word, and a varint count per such column. ~3.5 bytes a posting; word-index.ts reads them
// in order. Hand-written: the packing is four counts wide and append-only, no library fits it.

/** Columns of messages_fts, in its order. */
export const COLUMNS = 4;

export class WordPostings {
  private bytes = new Uint8Array(64);
  private used = 0;
  private lastId = 0;
  /** How many messages hold the word. */
  count = 0;

  /** Counts gathered for the message being indexed (countOccurrence, then flush). */
  private readonly pending = new Uint32Array(COLUMNS);
  private pendingTotal = 0;

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

  /**
   * Calls `visit` for each message in id order with its counts (the array is reused between
   * calls: read it, do not keep it).
   */
  forEach(visit: (id: number, counts: Uint32Array) => void): void {
    const counts = new Uint32Array(COLUMNS);
    const bytes = this.bytes;
    let at = 0;
    let id = 0;
    const read = (): number => {
      let value = 0;
      let scale = 1;
      for (;;) {
        const byte = bytes[at++] ?? 0;
        value += (byte & 0x7f) * scale;
        if (byte < 0x80) return value;
        scale *= 128;
      }
    };
    while (at < this.used) {
      id += read();
      const mask = bytes[at++] ?? 0;
      for (let column = 0; column < COLUMNS; column += 1) {
        counts[column] = mask & (1 << column) ? read() : 0;
      }
      visit(id, counts);
    }
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
