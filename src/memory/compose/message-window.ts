// Per-session cache of what the composer needs about messages: the token rows of the session's
// tail (loaded back from the newest message only as far as a window reaches), the exact cost of
// each message as sent (tool results shortened), and the verbatim window. Older messages are
// asked of the index (token sums, times) instead of loaded: at 1M messages, loading every row
// made the first compose take 4.8 s. Messages never change once logged, so nothing is recomputed.
import type { SessionMessage } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage, MessageRowQueries } from "../../store/index.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { shortenMiddle } from "../text/truncate-text.js";
import { MessageColumns } from "./message-columns.js";

/** Tool results cheaper than this cannot exceed maxToolResultChars after shortening; skip loading them. */
const SMALL_TOOL_RESULT_TOKENS = 100;
/** Messages read per query while walking back through long tool results. */
const EXACT_BATCH = 256;
/**
 * Rows loaded by the first read of a session's tail; each older read loads twice the last, so
 * reaching n rows back costs O(log n) queries. A 100k-token window holds a few hundred messages.
 */
const DEFAULT_LOAD_BATCH = 512;
/** Token sums of old ranges kept (stand-ins ask for the same few ranges on every compose). */
const MAX_CACHED_SUMS = 4096;
/** A message as the model gets it: index fields stripped, a long tool result shortened. */
export function toWindowMessage(
  message: IndexedMessage,
  maxToolResultChars: number,
): SessionMessage {
  const { id: _id, session: _session, tokens: _tokens, ...rest } = message;
  if (rest.role !== "tool" || rest.content === null || rest.content.length <= maxToolResultChars) {
    return rest;
  }
  return { ...rest, content: shortenMiddle(rest.content, maxToolResultChars) };
}

/** The messages a window can reach, walked back from the newest one; see walkBack. */
export interface WindowWalk {
  /** The oldest message walked (the session's end when none was). */
  startSeq: number;
  /**
   * Tokens as sent of the messages from `seq` to the end; one more than the whole walk for a seq
   * before the walked messages (no window that fits starts there).
   */
  tokensFrom(seq: number): number;
}

export interface SessionMessageCacheOptions {
  session: string;
  maxToolResultChars: number;
  /** Rows of the first tail read (DEFAULT_LOAD_BATCH); tests load everything with a large one. */
  loadBatch?: number;
}

export class SessionMessageCache {
  readonly session: string;
  readonly maxToolResultChars: number;
  private columns = new MessageColumns();
  /** The index's reads of rows, counts and sums for messages before the loaded ones. */
  readonly queries: MessageRowQueries;
  private readonly loadBatch: number;
  private nextBatch: number;
  /** True once the loaded rows reach the session's first message. */
  private complete = false;
  private started = false;
  /** How many messages lie before the loaded rows (asked of the index when first needed). */
  private before: number | null = null;
  private readonly olderSums = new Map<string, number>();
  private readonly sentTokens = new Map<number, number>();
  private window: { seqStart: number; messages: SessionMessage[] } | null = null;

  constructor(
    private readonly store: AgentStore,
    options: SessionMessageCacheOptions,
  ) {
    this.session = options.session;
    this.maxToolResultChars = options.maxToolResultChars;
    this.queries = store.messages.rows;
    this.loadBatch = options.loadBatch ?? DEFAULT_LOAD_BATCH;
    this.nextBatch = this.loadBatch;
  }

  /** Loads rows appended since the last call (the newest batch on the first); true when any. */
  refresh(): boolean {
    if (!this.started) {
      this.started = true;
      return this.loadOlder() > 0;
    }
    const added = this.queries.from(this.session, this.end, this.loadBatch + 1);
    if (added.length <= this.loadBatch) {
      this.rows.append(added);
      return added.length > 0;
    }
    // More new messages than one batch (an import): start over from the newest ones.
    this.columns = new MessageColumns();
    this.complete = false;
    this.before = null;
    this.nextBatch = this.loadBatch;
    return this.loadOlder() > 0;
  }

  /** The loaded rows: every message from `loadedFrom` on. */
  get rows(): MessageColumns {
    return this.columns;
  }

  /** Loads the next batch of older rows; returns how many there were. */
  private loadOlder(): number {
    if (this.complete) return 0;
    const beforeSeq = this.rows.length > 0 ? this.rows.seq(0) : Number.MAX_SAFE_INTEGER;
    const older = this.queries.newest(this.session, beforeSeq, this.nextBatch);
    if (older.length < this.nextBatch) this.complete = true;
    this.nextBatch *= 2;
    this.rows.prepend(older);
    if (this.before !== null) this.before -= older.length;
    return older.length;
  }

  /** Every message with a seq at least this one is loaded. */
  get loadedFrom(): number {
    if (this.complete) return 0;
    return this.rows.length > 0 ? this.rows.seq(0) : this.end;
  }

  /** The seq after the newest message. */
  get end(): number {
    return this.rows.length > 0 ? this.rows.seq(this.rows.length - 1) + 1 : 0;
  }

  /** How many messages have a seq below `seq` (the session's position of `seq`). */
  indexOf(seq: number): number {
    if (seq <= 0) return 0; // seqs count from 0
    if (seq < this.loadedFrom) return this.queries.countBefore(this.session, seq);
    if (this.complete) this.before = 0;
    this.before ??= this.queries.countBefore(this.session, this.loadedFrom);
    return this.before + this.rows.indexOf(seq);
  }

  /** Stored tokens of the messages `[seqStart, seqEnd)`. */
  tokensBetween(seqStart: number, seqEnd: number): number {
    if (seqEnd < seqStart) return -this.tokensBetween(seqEnd, seqStart);
    const loadedFrom = this.loadedFrom;
    let older = 0;
    if (seqStart < loadedFrom) {
      const key = `${seqStart}:${Math.min(seqEnd, loadedFrom)}`;
      const cached = this.olderSums.get(key);
      older =
        cached ?? this.queries.tokensBetween(this.session, seqStart, Math.min(seqEnd, loadedFrom));
      if (cached === undefined) {
        if (this.olderSums.size >= MAX_CACHED_SUMS) this.olderSums.clear();
        this.olderSums.set(key, older);
      }
    }
    const from = this.rows.indexOf(Math.max(seqStart, loadedFrom));
    return older + this.rows.tokensBetween(from, Math.max(from, this.rows.indexOf(seqEnd)));
  }

  /** Times of the first and the last message of `[seqStart, seqEnd)`, for a summary's header. */
  timesOf(seqStart: number, seqEnd: number): { firstTs: string; lastTs: string } {
    const { rows } = this;
    const loaded = seqStart >= this.loadedFrom;
    const first = rows.indexOf(seqStart);
    const firstTs = loaded
      ? first < rows.length
        ? rows.ts(first)
        : ""
      : (this.queries.tsFrom(this.session, seqStart) ?? "");
    // The message before seqEnd, even one before seqStart, as the full row list answered it.
    const last = rows.indexOf(seqEnd) - 1;
    if (last >= 0) return { firstTs, lastTs: rows.ts(last) };
    const lastTs = this.complete ? null : this.queries.tsBefore(this.session, seqEnd);
    return { firstTs, lastTs: lastTs ?? firstTs };
  }

  private needsExact(index: number): boolean {
    const { rows } = this;
    return (
      rows.role(index) === "tool" &&
      rows.tokens(index) > SMALL_TOOL_RESULT_TOKENS &&
      !this.sentTokens.has(rows.seq(index))
    );
  }

  /** Computes the sent cost of long tool results among rows [from, to). */
  private loadExact(from: number, to: number): void {
    const wanted: number[] = [];
    for (let index = from; index < to; index += 1)
      if (this.needsExact(index)) wanted.push(this.rows.id(index));
    for (const message of this.store.messages.byIds(wanted)) {
      const sent = toWindowMessage(message, this.maxToolResultChars);
      const shortened = sent.content !== message.content;
      this.sentTokens.set(message.seq, shortened ? countMessageTokens(sent) : message.tokens);
    }
  }

  /** The cost of row `index` as sent. */
  private costAt(index: number): number {
    return this.sentTokens.get(this.rows.seq(index)) ?? this.rows.tokens(index);
  }

  /** Walks back from the newest message until the window would pass `limit` tokens. */
  walkBack(limit: number): WindowWalk {
    let index = this.rows.length;
    let total = 0;
    const costs: number[] = [];
    while (total <= limit) {
      if (index === 0) index += this.loadOlder();
      if (index === 0) break;
      if (this.needsExact(index - 1)) this.loadExact(Math.max(0, index - EXACT_BATCH), index);
      index -= 1;
      const cost = this.costAt(index);
      total += cost;
      costs.push(cost);
    }
    // The row before the walk stays loaded: it tells a seq before the walk from one in a gap.
    if (index === 0) index += this.loadOlder();
    const suffix = new Float64Array(costs.length + 1);
    for (let position = costs.length - 1; position >= 0; position -= 1) {
      suffix[position] = (suffix[position + 1] ?? 0) + (costs[costs.length - 1 - position] ?? 0);
    }
    const startSeq = index < this.rows.length ? this.rows.seq(index) : this.end;
    return {
      startSeq,
      tokensFrom: (seq) => {
        const start = this.rows.indexOf(startSeq);
        const at = this.rows.indexOf(seq);
        return at < start ? (suffix[0] ?? 0) + 1 : (suffix[at - start] ?? 0);
      },
    };
  }

  /** Messages `[seqStart, seqEnd)` as stored. */
  stored(seqStart: number, seqEnd: number): IndexedMessage[] {
    return this.store.messages.range(this.session, seqStart, seqEnd);
  }

  /** Messages `[seqStart, end)` as sent, reusing the previous window's messages. */
  windowMessages(seqStart: number): SessionMessage[] {
    const previous = this.window;
    let messages: SessionMessage[];
    if (previous && previous.seqStart <= seqStart) {
      const loadedEnd = (previous.messages.at(-1)?.seq ?? previous.seqStart - 1) + 1;
      const kept = previous.messages.filter((message) => message.seq >= seqStart);
      const from = Math.max(loadedEnd, seqStart);
      messages = [...kept, ...this.load(from)];
    } else messages = this.load(seqStart);
    this.window = { seqStart, messages };
    return messages;
  }

  private load(from: number): SessionMessage[] {
    return this.store.messages
      .range(this.session, from, Number.MAX_SAFE_INTEGER)
      .map((message) => toWindowMessage(message, this.maxToolResultChars));
  }

  /** The cost of one message as sent (cached for unchanged messages). */
  messageTokens(message: SessionMessage): number {
    // A window starting before the loaded rows (nothing else fits) loads back to its start.
    while (message.seq < this.loadedFrom && this.loadOlder() > 0);
    const { rows } = this;
    const index = rows.indexOf(message.seq);
    if (index < rows.length && rows.seq(index) === message.seq) {
      const cached = this.sentTokens.get(message.seq);
      if (cached !== undefined) return cached;
      if (rows.role(index) !== "tool" || rows.tokens(index) <= SMALL_TOOL_RESULT_TOKENS)
        return rows.tokens(index);
    }
    const tokens = countMessageTokens(message);
    this.sentTokens.set(message.seq, tokens);
    return tokens;
  }
}
