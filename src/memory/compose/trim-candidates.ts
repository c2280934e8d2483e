// Where the window may start (SPEC §5; issue 15): user messages at L0 edges, and every user
// message the window can reach or that lies inside the newest L0 or past it. A trim point inside
// a segment gets an extractive stand-in for the segment's head, so the window fills its budget to
// the turn instead of to the segment. Reads the session's message cache; pure otherwise.
import type { Segment } from "../../kernel/index.js";
import type { SessionMessageCache } from "./message-window.js";

export class TrimCandidates {
  /** User-message L0 edges (ascending), per segments version. */
  private edges: { version: number; starts: number[] } | null = null;

  constructor(private readonly messages: SessionMessageCache) {}

  /**
   * The candidates, ascending: a new array each call. The edges are computed once per segments
   * version (100k messages have ~4,000 segments: 3 ms a compose when rebuilt each time); only the
   * tail from `reachFrom` (the oldest row a window can reach) is scanned per compose.
   */
  list(segments: readonly Segment[], segmentsVersion: number, reachFrom: number): number[] {
    const { rows } = this.messages;
    if (this.edges?.version !== segmentsVersion) {
      const isUser = (seq: number) => {
        const row = rows[this.messages.indexOf(seq)];
        return row?.seq === seq && row.role === "user";
      };
      const starts = new Set<number>();
      for (const segment of segments) {
        if (segment.level !== 0) continue;
        if (segment.seqStart > 0 && isUser(segment.seqStart)) starts.add(segment.seqStart);
      }
      const sorted = [...starts].sort((a, b) => a - b);
      this.edges = { version: segmentsVersion, starts: sorted };
    }
    const { starts } = this.edges;
    const newestEdge = starts.at(-1) ?? 0;
    const fromIndex = Math.min(this.messages.indexOf(newestEdge + 1), reachFrom);
    const fromSeq = rows[fromIndex]?.seq ?? Number.POSITIVE_INFINITY;
    const tail: number[] = [];
    for (let index = fromIndex; index < rows.length; index += 1) {
      const row = rows[index];
      if (row?.role === "user" && row.seq > 0) tail.push(row.seq);
    }
    // Edges before the scanned tail (binary search: the tail holds the rest of them).
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((starts[middle] ?? 0) < fromSeq) low = middle + 1;
      else high = middle;
    }
    return [...starts.slice(0, low), ...tail];
  }

  /** The seq of the newest user message (rows only grow; scans back from the end). */
  newestUserSeq(): number | undefined {
    const { rows } = this.messages;
    for (let index = rows.length - 1; index >= 0; index -= 1) {
      if (rows[index]?.role === "user") return rows[index]?.seq;
    }
    return undefined;
  }

  /** The user message that starts the turn before `seq`, or null (none, or it is seq 0). */
  turnStartBefore(seq: number): number | null {
    const { rows } = this.messages;
    let index = this.messages.indexOf(seq) - 1;
    while (index >= 0 && rows[index]?.role !== "user") index -= 1;
    const start = rows[index]?.seq ?? 0;
    return start > 0 ? start : null;
  }

  /** When no turn start fits: any message after the newest turn start that is not a tool result. */
  fallback(candidates: readonly number[]): number[] {
    const from = candidates.at(-1) ?? 0;
    return this.messages.rows
      .filter((row) => row.seq > from && row.role !== "tool")
      .map((row) => row.seq);
  }
}
