// Exact token counts with the o200k tokenizer (GPT-4o/4.1/5 family), the one place that imports
// gpt-tokenizer. Pure: no I/O.
import { countTokens as countEncodedTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { SessionMessage } from "../../kernel/index.js";
import { messageText } from "./message-text.js";

/**
 * Tokens a chat message costs beyond its text: OpenAI's chat format wraps each message in
 * `<|start|>role<|message|>…<|end|>`, about 4 tokens (the figure of OpenAI's cookbook counter).
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Special-token text such as `<|endoftext|>` in user input is counted as plain text, not thrown on. */
const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

/**
 * BPE merges inside one pre-token are quadratic: 200k identical characters took 18 s to count.
 * Runs of non-space (or space) characters longer than this are counted in chunks of this size,
 * which costs at most about one token per cut (measured: +0.1% on 200k random letters).
 */
const MAX_RUN_CHARS = 256;
const LONG_RUN = /\S{257,}|\s{257,}/;
const LONG_RUNS = new RegExp(LONG_RUN.source, "g");

function countRun(run: string): number {
  let total = 0;
  let start = 0;
  while (start < run.length) {
    let end = Math.min(start + MAX_RUN_CHARS, run.length);
    const code = run.charCodeAt(end - 1);
    if (end < run.length && code >= 0xd800 && code <= 0xdbff) end -= 1; // keep surrogate pairs whole
    total += countEncodedTokens(run.slice(start, end), ENCODE_OPTIONS);
    start = end;
  }
  return total;
}

/**
 * Tokens of `text` under o200k_base. Never throws: special-token text counts as ordinary text.
 * Exact except inside runs of more than 256 characters without a space (see MAX_RUN_CHARS).
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (!LONG_RUN.test(text)) return countEncodedTokens(text, ENCODE_OPTIONS);
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(LONG_RUNS)) {
    if (match.index > last)
      total += countEncodedTokens(text.slice(last, match.index), ENCODE_OPTIONS);
    total += countRun(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) total += countEncodedTokens(text.slice(last), ENCODE_OPTIONS);
  return total;
}

/** Tokens of one message in a chat request: its `messageText` plus MESSAGE_OVERHEAD_TOKENS. */
export function countMessageTokens(message: SessionMessage): number {
  return countTokens(messageText(message)) + MESSAGE_OVERHEAD_TOKENS;
}

/**
 * Remembers message token counts by session and seq (messages never change once logged), so the
 * composer does not re-tokenize the window every turn. Oldest entries go first past `maxEntries`.
 */
export class TokenCache {
  readonly #counts = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(maxEntries = 100_000) {
    this.#maxEntries = maxEntries;
  }

  /** The message's `countMessageTokens`, computed once per (session, seq). */
  countMessage(session: string, message: SessionMessage): number {
    const key = `${session}:${message.seq}`;
    const cached = this.#counts.get(key);
    if (cached !== undefined) return cached;
    const count = countMessageTokens(message);
    if (this.#counts.size >= this.#maxEntries) {
      const oldest = this.#counts.keys().next();
      if (!oldest.done) this.#counts.delete(oldest.value);
    }
    this.#counts.set(key, count);
    return count;
  }

  get size(): number {
    return this.#counts.size;
  }
}
