// The window's oldest turn with its tool results shortened harder than `maxToolResultChars`, so
// a turn that is mostly tool output still fits the room its trim point leaves (issue 15: a
// prompt spends its budget). Without it, the window starts one whole turn later and the room
// that turn would have used is left unspent: on the bench's 20k history at a 50k budget the
// prompt stopped at 92% because the turn before the trim point was 6k tokens of command output.
// The shortened results keep head and tail with a note to `expand` them (SPEC §5's shortening);
// the full output stays in the log and the index. Pure: the caller loads the messages.
import type { SessionMessage } from "../../kernel/index.js";
import type { IndexedMessage } from "../../store/index.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { toWindowMessage } from "./message-window.js";

/** A tool result is never shortened below this many characters (head and tail together). */
export const MIN_TIGHT_TOOL_CHARS = 400;
/** Exact re-counts while narrowing the cap (each one shortens and counts the turn's results). */
const MAX_ROUNDS = 8;
/** The cap is settled when the sizes that fit and that do not are this close. */
const CLOSE_ENOUGH_CHARS = 200;

/** The oldest turn of a window, `[seqStart, seqEnd)`, its tool results cut to `maxChars`. */
export interface TightTurn {
  seqStart: number;
  seqEnd: number;
  maxChars: number;
  /** The turn's messages as sent with that cap, and the cost of each. */
  messages: SessionMessage[];
  costs: number[];
  /** Tokens of the whole turn as sent. */
  tokens: number;
}

type Shortened = Pick<TightTurn, "maxChars" | "messages" | "costs" | "tokens">;

function shorten(messages: readonly IndexedMessage[], maxChars: number): Shortened {
  const sent = messages.map((message) => toWindowMessage(message, maxChars));
  const costs = sent.map((message) => countMessageTokens(message));
  return { maxChars, messages: sent, costs, tokens: costs.reduce((sum, cost) => sum + cost, 0) };
}

/**
 * The largest cap on the turn's tool results (below `maxToolResultChars`) at which the turn costs
 * at most `room` tokens, or null when even MIN_TIGHT_TOOL_CHARS does not fit or no result is
 * longer than that.
 */
export function planTightTurn(options: {
  /** The turn `[seqStart, seqEnd)` as stored: its user message first. */
  messages: readonly IndexedMessage[];
  seqEnd: number;
  /** Tokens the turn may cost. */
  room: number;
  maxToolResultChars: number;
}): TightTurn | null {
  const { messages, room, maxToolResultChars } = options;
  const first = messages[0];
  if (first?.role !== "user") return null;
  const longest = Math.max(
    0,
    ...messages.map((message) => (message.role === "tool" ? (message.content?.length ?? 0) : 0)),
  );
  const high = Math.min(longest, maxToolResultChars) - 1;
  if (high < MIN_TIGHT_TOOL_CHARS) return null;
  let best = shorten(messages, MIN_TIGHT_TOOL_CHARS);
  if (best.tokens > room) return null;
  let over = shorten(messages, high);
  if (over.tokens <= room) return { seqStart: first.seq, seqEnd: options.seqEnd, ...over };
  // Between a cap that fits and one that does not: a guess by proportion (tokens per character
  // are near constant within one output), kept off the ends so each round narrows the gap.
  for (
    let round = 0;
    round < MAX_ROUNDS && over.maxChars - best.maxChars > CLOSE_ENOUGH_CHARS;
    round += 1
  ) {
    const share = (room - best.tokens) / Math.max(1, over.tokens - best.tokens);
    const step = Math.min(0.9, Math.max(0.1, share));
    const tried = shorten(
      messages,
      best.maxChars + Math.floor((over.maxChars - best.maxChars) * step),
    );
    if (tried.tokens <= room) best = tried;
    else over = tried;
  }
  return { seqStart: first.seq, seqEnd: options.seqEnd, ...best };
}
