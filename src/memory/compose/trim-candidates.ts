// Where the window may start (SPEC §5; issue 15): user messages at L0 edges, and every user
// message the window can reach or that lies inside the newest L0 or past it. A trim point inside
// a segment gets an extractive stand-in for the segment's head, so the window fills its budget to
// the turn instead of to the segment. Reads the session's message cache (its loaded tail, and the
// index for older messages); pure otherwise.
import type { SessionMessageCache } from "./message-window.js";
import type { LeafStarts } from "./stored-segments.js";

/** L0 starts before the loaded rows asked of the index at a time, looking for the newest edge. */
const EDGE_LOOKUP_BATCH = 64;

export class TrimCandidates {
  /** User-message L0 edges (ascending), per segments version and loaded rows. */
  private edges: { version: number; loadedFrom: number; starts: number[] } | null = null;

  constructor(private readonly messages: SessionMessageCache) {}

  /**
   * The candidates, ascending: a new array each call. `reachFrom` = the oldest message a window
   * can reach. Edges before the loaded rows are left out, but for the newest: those lie before
   * the walk (walkBack keeps the message before it loaded), no window that fits starts there, and
   * planTrim's search skips them (at 1M messages, asking which of ~39k L0 starts are user
   * messages cost 130-230 ms). The newest edge stays: it bounds the tail and ends the list when
   * nothing fits. Computed once per segments version and loaded rows; only the tail scans.
   */
  list(leaves: LeafStarts, segmentsVersion: number, reachFrom: number): number[] {
    const loadedFrom = this.messages.loadedFrom;
    if (this.edges?.version !== segmentsVersion || this.edges.loadedFrom !== loadedFrom) {
      const starts = this.userEdges(leaves, loadedFrom);
      this.edges = { version: segmentsVersion, loadedFrom, starts };
    }
    const { starts } = this.edges;
    const newestEdge = starts.at(-1) ?? 0;
    const from = Math.min(newestEdge + 1, reachFrom);
    // Edges before the scanned tail (binary search: the tail holds the rest of them).
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((starts[middle] ?? 0) < from) low = middle + 1;
      else high = middle;
    }
    return [...starts.slice(0, low), ...this.userSeqsFrom(from)];
  }

  /** Seqs above 0 of the L0 starts that are user messages, from `loadedFrom` on plus the newest. */
  private userEdges(leaves: LeafStarts, loadedFrom: number): number[] {
    const { rows } = this.messages;
    const isUser = (seq: number) => {
      const index = rows.indexOf(seq);
      return index < rows.length && rows.seq(index) === seq && rows.role(index) === "user";
    };
    // Only the loaded starts are read and checked: ~39k L0 segments at 1M messages, a few loaded.
    const loaded = leaves.leafStartsFrom(Math.max(1, loadedFrom)).filter(isUser);
    return loaded.length > 0 ? loaded : this.newestUserBefore(leaves, loadedFrom);
  }

  /** The newest L0 start above 0 before `before` that is a user message, as [seq], or []. */
  private newestUserBefore(leaves: LeafStarts, before: number): number[] {
    let cursor = before;
    for (;;) {
      const batch = leaves.leafStartsBefore(cursor, EDGE_LOOKUP_BATCH);
      const starts = batch.filter((seq) => seq > 0).reverse();
      if (starts.length === 0) return [];
      const users = this.messages.queries.userSeqsAmong(this.messages.session, starts);
      if (users.length > 0) return [Math.max(...users)];
      cursor = starts[0] as number;
    }
  }

  /** Seqs above 0 of the user messages from `from` on, ascending. */
  private userSeqsFrom(from: number): number[] {
    const { rows, loadedFrom } = this.messages;
    const seqs =
      from < loadedFrom
        ? this.messages.queries.userSeqs(this.messages.session, from, loadedFrom)
        : [];
    for (let index = rows.indexOf(Math.max(from, loadedFrom)); index < rows.length; index += 1) {
      if (rows.role(index) === "user") seqs.push(rows.seq(index));
    }
    return seqs.filter((seq) => seq > 0);
  }

  /** The seq of the newest user message. */
  newestUserSeq(): number | undefined {
    const { rows, loadedFrom } = this.messages;
    for (let index = rows.length - 1; index >= 0; index -= 1) {
      if (rows.role(index) === "user") return rows.seq(index);
    }
    if (loadedFrom === 0) return undefined;
    return this.messages.queries.newestUserBefore(this.messages.session, loadedFrom) ?? undefined;
  }

  /** The user message that starts the turn before `seq`, or null (none, or it is seq 0). */
  turnStartBefore(seq: number): number | null {
    const { rows, loadedFrom } = this.messages;
    let index = rows.indexOf(seq) - 1;
    while (index >= 0 && rows.role(index) !== "user") index -= 1;
    const start =
      index >= 0
        ? rows.seq(index)
        : loadedFrom === 0
          ? 0
          : this.messages.queries.newestUserBefore(
              this.messages.session,
              Math.min(seq, loadedFrom),
            );
    return start !== null && start > 0 ? start : null;
  }

  /** When no turn start fits: any message after the newest turn start that is not a tool result. */
  fallback(candidates: readonly number[]): number[] {
    const { rows, loadedFrom } = this.messages;
    const from = (candidates.at(-1) ?? 0) + 1;
    const seqs =
      from < loadedFrom
        ? this.messages.queries.nonToolSeqs(this.messages.session, from, loadedFrom)
        : [];
    for (let index = rows.indexOf(Math.max(from, loadedFrom)); index < rows.length; index += 1) {
      if (rows.role(index) !== "tool") seqs.push(rows.seq(index));
    }
    return seqs;
  }
}
