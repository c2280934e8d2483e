// Recall @1/@5/@10 per (variant, query set, leg), and @10 per category for the final ranking.
// A question is a hit at k when an evidence message lies within the first k messages shown (a
// result that is a range of n messages counts n). Pure.
export const KS = [1, 5, 10] as const;

export interface Cell {
  n: number;
  hits: Record<number, number>;
}

/** The seqs shown, in order, ranges unrolled, each seq once. */
export function shownSeqs(ranges: ReadonlyArray<readonly [number, number]>): number[] {
  const shown: number[] = [];
  const seen = new Set<number>();
  for (const [start, end] of ranges) {
    for (let seq = start; seq < end; seq += 1) {
      if (!seen.has(seq)) {
        seen.add(seq);
        shown.push(seq);
      }
    }
  }
  return shown;
}

export class Tally {
  readonly cells = new Map<string, Cell>();

  add(key: string, shown: readonly number[], evidence: ReadonlySet<number>): void {
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { n: 0, hits: { 1: 0, 5: 0, 10: 0 } };
      this.cells.set(key, cell);
    }
    cell.n += 1;
    for (const k of KS) {
      if (shown.slice(0, k).some((seq) => evidence.has(seq)))
        cell.hits[k] = (cell.hits[k] ?? 0) + 1;
    }
  }

  /** Adds the cells of another tally (a child process's). */
  merge(cells: Record<string, Cell>): void {
    for (const [key, cell] of Object.entries(cells)) {
      const mine = this.cells.get(key) ?? { n: 0, hits: { 1: 0, 5: 0, 10: 0 } };
      mine.n += cell.n;
      for (const k of KS) mine.hits[k] = (mine.hits[k] ?? 0) + (cell.hits[k] ?? 0);
      this.cells.set(key, mine);
    }
  }

  rate(key: string, k: number): number {
    const cell = this.cells.get(key);
    return cell && cell.n > 0 ? (cell.hits[k] ?? 0) / cell.n : 0;
  }

  count(key: string): number {
    return this.cells.get(key)?.n ?? 0;
  }
}
