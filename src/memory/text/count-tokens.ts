// Exact token counts with the o200k tokenizer (GPT-4o/4.1/5 family): gpt-tokenizer's pre-tokenizer
// splits a text, and each piece is merged over the package's ranks by bpe-count.ts (ADR 0001).
// Pure: no I/O beyond loading the rank table on the first count.
import { createRequire } from "node:module";
import type { SessionMessage } from "../../kernel/index.js";
import { createPieceCounter } from "./bpe-count.js";
import { loadO200kRanks } from "./bpe-ranks.js";
import { messageText } from "./message-text.js";

/**
 * Tokens a chat message costs beyond its text: OpenAI's chat format wraps each message in
 * `<|start|>role<|message|>…<|end|>`, about 4 tokens (the figure of OpenAI's cookbook counter).
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * The counter of one pre-tokenizer piece and the pre-tokenizer (the package's own regex: BPE never
 * merges across its pieces), loaded on the first count (~10 ms from the built rank file, ~0.1 s
 * without it; bpe-ranks.ts): a command that only reads the index (`kern status`, `segments`,
 * `recall`) counts nothing and never loads them. Synchronous, so counting stays a plain function.
 */
let tokenizer: { countPiece: (piece: string) => number; pieces: RegExp } | null = null;

function loadTokenizer(): { countPiece: (piece: string) => number; pieces: RegExp } {
  const constants = createRequire(import.meta.url)("gpt-tokenizer/encodingParams/constants") as {
    O200K_TOKEN_SPLIT_REGEX: RegExp;
  };
  return {
    countPiece: createPieceCounter(loadO200kRanks()),
    pieces: constants.O200K_TOKEN_SPLIT_REGEX,
  };
}

/**
 * Token counts of the pre-tokenizer's pieces seen so far. A text's count is the sum of its pieces'
 * counts (each piece is encoded alone), so remembering them is exact. Measured on the 20k bench
 * history (35 M characters, identical totals): 1.7–2.0 s against 5.2–9.2 s for the package's
 * own count, whose per-piece merge cache is an LRU reordered on every hit. Cleared when full.
 */
const pieceCounts = new Map<string, number>();
const MAX_REMEMBERED_PIECES = 100_000;
/** Longer pieces (a 256-character run chunk, a hash) rarely recur: not remembered. */
const MAX_REMEMBERED_PIECE_CHARS = 64;

function countEncodedTokens(text: string): number {
  tokenizer ??= loadTokenizer();
  const { countPiece, pieces } = tokenizer;
  let total = 0;
  for (const [piece] of text.matchAll(pieces)) {
    let count = pieceCounts.get(piece);
    if (count === undefined) {
      count = countPiece(piece);
      if (piece.length <= MAX_REMEMBERED_PIECE_CHARS) {
        if (pieceCounts.size >= MAX_REMEMBERED_PIECES) pieceCounts.clear();
        pieceCounts.set(piece, count);
      }
    }
    total += count;
  }
  return total;
}

/**
 * BPE merges inside one pre-token are quadratic: 200k identical characters took 18 s to count.
 * Runs of non-space (or space) characters longer than this are counted in chunks of this size,
 * which costs at most about one token per cut (measured: +0.1% on 200k random letters).
 */
const MAX_RUN_CHARS = 256;
/**
 * A run longer than this (a base64 blob, a minified file) is counted exactly over its first
 * EXACT_RUN_CHARS and extrapolated for the rest, so one absurd input costs a bounded few ms on
 * the event loop instead of seconds. Measured on 190 KB runs: random base64 -0.4%, hex +0.5%,
 * minified JavaScript +1.6% off the exact count. It was 65,536: ~110 ms a message on a busy
 * machine, which held GET /status past 200 ms on every 190 KB message (issue 33 item 8).
 */
const EXACT_RUN_CHARS = 8_192;

/**
 * Whitespace as JavaScript's `\s` (the class the tokenizer pre-splits on). A hand-written scan,
 * not a regex: a counted quantifier such as `\S{257,}` overflows V8's regex stack on a run of a
 * few million characters, which once made one message unindexable (issue 18).
 */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function countChunks(run: string): number {
  let total = 0;
  let start = 0;
  while (start < run.length) {
    let end = Math.min(start + MAX_RUN_CHARS, run.length);
    const code = run.charCodeAt(end - 1);
    if (end < run.length && code >= 0xd800 && code <= 0xdbff) end -= 1; // keep surrogate pairs whole
    total += countEncodedTokens(run.slice(start, end));
    start = end;
  }
  return total;
}

function countRun(run: string): number {
  if (run.length <= EXACT_RUN_CHARS) return countChunks(run);
  const exact = countChunks(run.slice(0, EXACT_RUN_CHARS));
  return Math.ceil((exact * run.length) / EXACT_RUN_CHARS);
}

/** End (exclusive) of the run of same-kind characters (space or not) starting at `start`. */
function runEnd(text: string, start: number): number {
  const space = isSpace(text.charCodeAt(start));
  let end = start + 1;
  while (end < text.length && isSpace(text.charCodeAt(end)) === space) end += 1;
  return end;
}

/**
 * Tokens of `text` under o200k_base. Never throws: special-token text counts as ordinary text.
 * Linear in the text's length for any input. Exact except inside runs of more than 256
 * characters without a space (see MAX_RUN_CHARS) and beyond EXACT_RUN_CHARS of one run.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let total = 0;
  let plainFrom = 0;
  let index = 0;
  while (index < text.length) {
    const end = runEnd(text, index);
    if (end - index > MAX_RUN_CHARS) {
      if (index > plainFrom) total += countEncodedTokens(text.slice(plainFrom, index));
      total += countRun(text.slice(index, end));
      plainFrom = end;
    }
    index = end;
  }
  if (plainFrom === 0) return countEncodedTokens(text);
  if (plainFrom < text.length) total += countEncodedTokens(text.slice(plainFrom));
  return total;
}

/** Tokens of one message in a chat request: its `messageText` plus MESSAGE_OVERHEAD_TOKENS. */
export function countMessageTokens(message: SessionMessage): number {
  return countTokens(messageText(message)) + MESSAGE_OVERHEAD_TOKENS;
}
