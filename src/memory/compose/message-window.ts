// Per-session cache of what the composer needs about messages: token rows (loaded incrementally),
// the exact cost of each message as sent (tool results shortened), and the verbatim window.
// Messages never change once logged, so everything here only grows; nothing is recomputed.
import type { SessionMessage } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage, MessageTokenRow } from "../../store/index.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { shortenMiddle } from "../text/truncate-text.js";

/** Tool results cheaper than this cannot exceed maxToolResultChars after shortening; skip loading them. */
const SMALL_TOOL_RESULT_TOKENS = 100;
/** Messages loaded per query while walking back through long tool results. */
const LOAD_BATCH = 256;

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

export interface WindowWalk {
  /** Index of the oldest row walked; rows before it lie outside any window that fits. */
  startIndex: number;
  /** suffix[i - startIndex] = tokens of rows i..end as sent; suffix[length] = 0. */
  suffix: Float64Array;
}

export class SessionMessageCache {
  readonly rows: MessageTokenRow[] = [];
  /** prefix[i] = stored tokens of rows [0, i). */
  private readonly prefix: number[] = [0];
  private readonly sentTokens = new Map<number, number>();
  private window: { seqStart: number; messages: SessionMessage[] } | null = null;

  constructor(
    private readonly store: AgentStore,
    readonly session: string,
    readonly maxToolResultChars: number,
  ) {}

  /** Loads rows appended since the last call; true when there were any. */
  refresh(): boolean {
    const from = (this.rows.at(-1)?.seq ?? -1) + 1;
    const added = this.store.messages.tokenRows(this.session, from);
    for (const row of added) {
      this.rows.push(row);
      this.prefix.push((this.prefix.at(-1) ?? 0) + row.tokens);
    }
    return added.length > 0;
  }

  /** The seq after the newest message. */
  get end(): number {
    return (this.rows.at(-1)?.seq ?? -1) + 1;
  }

  /** Index of the first row whose seq is at least `seq` (rows.length when none). */
  indexOf(seq: number): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.rows[middle]?.seq ?? 0) < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Stored tokens of the messages `[seqStart, seqEnd)`. */
  tokensBetween(seqStart: number, seqEnd: number): number {
    return (this.prefix[this.indexOf(seqEnd)] ?? 0) - (this.prefix[this.indexOf(seqStart)] ?? 0);
  }

  private needsExact(row: MessageTokenRow): boolean {
    return (
      row.role === "tool" && row.tokens > SMALL_TOOL_RESULT_TOKENS && !this.sentTokens.has(row.seq)
    );
  }

  /** Computes the sent cost of long tool results among rows [from, to). */
  private loadExact(from: number, to: number): void {
    const wanted = this.rows.slice(from, to).filter((row) => this.needsExact(row));
    for (const message of this.store.messages.byIds(wanted.map((row) => row.id))) {
      const sent = toWindowMessage(message, this.maxToolResultChars);
      const shortened = sent.content !== message.content;
      this.sentTokens.set(message.seq, shortened ? countMessageTokens(sent) : message.tokens);
    }
  }

  /** The cost of row `index` as sent. */
  private costAt(index: number): number {
    const row = this.rows[index] as MessageTokenRow;
    return this.sentTokens.get(row.seq) ?? row.tokens;
  }

  /** Walks back from the newest message until the window would pass `limit` tokens. */
  walkBack(limit: number): WindowWalk {
    let index = this.rows.length;
    let total = 0;
    const costs: number[] = [];
    while (index > 0 && total <= limit) {
      const row = this.rows[index - 1] as MessageTokenRow;
      if (this.needsExact(row)) this.loadExact(Math.max(0, index - LOAD_BATCH), index);
      index -= 1;
      const cost = this.costAt(index);
      total += cost;
      costs.push(cost);
    }
    const suffix = new Float64Array(costs.length + 1);
    for (let position = costs.length - 1; position >= 0; position -= 1) {
      suffix[position] = (suffix[position + 1] ?? 0) + (costs[costs.length - 1 - position] ?? 0);
    }
    return { startIndex: index, suffix };
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
    const index = this.indexOf(message.seq);
    const row = this.rows[index];
    if (row && row.seq === message.seq) {
      const cached = this.sentTokens.get(message.seq);
      if (cached !== undefined) return cached;
      if (row.role !== "tool" || row.tokens <= SMALL_TOOL_RESULT_TOKENS) return row.tokens;
    }
    const tokens = countMessageTokens(message);
    this.sentTokens.set(message.seq, tokens);
    return tokens;
  }
}
