// Lossless drill-down (SPEC §6 `expand`): raw messages by range, or a segment's children and
// messages, full text, cut only at a stated token budget. A direct read of the index.
import type { Segment, SessionMessage } from "../../kernel/index.js";
import { KernError } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";

export interface ExpandOptions {
  /** Defaults to the active session. Ignored with `segmentId`. */
  session?: string;
  seqStart?: number;
  /** Exclusive; defaults to the end of the session (or seqStart + 1 without seqStart). */
  seqEnd?: number;
  segmentId?: string;
  /** Token budget of the messages returned; default 20000. */
  maxTokens?: number;
}

export interface ExpandedChild {
  id: string;
  level: number;
  seqStart: number;
  seqEnd: number;
  method: string | null;
  summary: string | null;
}

export interface ExpandResult {
  session: string;
  /** The range asked for (a segment's range with `segmentId`). */
  seqStart: number;
  seqEnd: number;
  segment: (ExpandedChild & { parentId: string | null }) | null;
  /** A rollup's children with their summaries; [] for an L0 or a plain range. */
  children: ExpandedChild[];
  /** Full messages from `seqStart`, in order, until the range ends or the budget is spent. */
  messages: SessionMessage[];
  tokens: number;
  /** True when the budget cut the range: `nextSeq` is where to continue. */
  truncated: boolean;
  nextSeq: number | null;
  /** One line for people and models saying what was returned and how to get the rest. */
  note: string;
}

const DEFAULT_EXPAND_TOKENS = 20_000;
/** Messages read from the index per query while filling the budget. */
const PAGE = 200;

function describeSegment(segment: Segment): ExpandedChild {
  const { id, level, seqStart, seqEnd, method, summary } = segment;
  return { id, level, seqStart, seqEnd, method, summary };
}

function toSessionMessage(message: IndexedMessage): SessionMessage {
  const { id: _id, session: _session, tokens: _tokens, ...rest } = message;
  return rest;
}

function readBudgeted(
  store: AgentStore,
  session: string,
  range: [number, number],
  maxTokens: number,
) {
  const messages: SessionMessage[] = [];
  let tokens = 0;
  let cursor = range[0];
  while (cursor < range[1]) {
    const page = store.messages.range(session, cursor, Math.min(range[1], cursor + PAGE));
    if (page.length === 0) break;
    for (const message of page) {
      if (messages.length > 0 && tokens + message.tokens > maxTokens) {
        return { messages, tokens, nextSeq: message.seq };
      }
      messages.push(toSessionMessage(message));
      tokens += message.tokens;
      cursor = message.seq + 1;
    }
  }
  return { messages, tokens, nextSeq: null };
}

/**
 * Expands a segment (its children's summaries for a rollup, its messages for an L0) or a message
 * range. The first message is always returned whole, even past the budget. Throws KernError
 * KERN_NOT_FOUND for an unknown segment id.
 */
export function expand(store: AgentStore, options: ExpandOptions): ExpandResult {
  const maxTokens = Math.max(1, options.maxTokens ?? DEFAULT_EXPAND_TOKENS);
  let segment: Segment | null = null;
  if (options.segmentId !== undefined) {
    segment = store.segments.get(options.segmentId);
    if (!segment) {
      throw new KernError(
        "KERN_NOT_FOUND",
        `no segment ${options.segmentId}; list them with 'kern segments'`,
      );
    }
  }
  const session = segment?.session ?? options.session ?? store.sessionLog.sessionId;
  const seqStart = segment?.seqStart ?? Math.max(0, options.seqStart ?? 0);
  const sessionEnd = store.messages.nextSeq(session);
  const defaultEnd = options.seqStart === undefined ? sessionEnd : seqStart + 1;
  const seqEnd = segment?.seqEnd ?? Math.min(sessionEnd, options.seqEnd ?? defaultEnd);
  const children =
    segment && segment.level > 0 ? store.segments.children(segment.id).map(describeSegment) : [];
  const read =
    children.length > 0
      ? { messages: [], tokens: 0, nextSeq: null }
      : readBudgeted(store, session, [seqStart, seqEnd], maxTokens);
  const truncated = read.nextSeq !== null;
  const what = segment
    ? `segment ${segment.id} (L${segment.level})`
    : `messages ${seqStart}-${seqEnd}`;
  let note = `${what}: ${read.messages.length} messages, ${read.tokens} tokens`;
  if (children.length > 0)
    note = `${what}: ${children.length} children; expand a child id for its messages`;
  if (truncated) {
    note += `; cut at the ${maxTokens}-token budget, continue with seqStart=${read.nextSeq}`;
  }
  return {
    session,
    seqStart,
    seqEnd,
    segment: segment ? { ...describeSegment(segment), parentId: segment.parentId } : null,
    children,
    messages: read.messages,
    tokens: read.tokens,
    truncated,
    nextSeq: read.nextSeq,
    note,
  };
}

/** The result as plain text for the `expand` tool: the note, children summaries, then messages. */
export function renderExpandResult(result: ExpandResult): string {
  const parts = [result.note];
  for (const child of result.children) {
    parts.push(
      `<summary id="${child.id}" level="L${child.level}" messages="${child.seqStart}-${child.seqEnd - 1}">\n${child.summary ?? "(no summary yet)"}\n</summary>`,
    );
  }
  for (const message of result.messages) {
    parts.push(
      `[${result.session} #${message.seq} ${message.role} ${message.ts}]\n${messageText(message)}`,
    );
  }
  return parts.join("\n\n");
}
