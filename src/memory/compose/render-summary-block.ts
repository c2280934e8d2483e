// Turns a planned tiling into the `<conversation_summary>` section text within its budget:
// formats each piece with formatSummaryBlock, counts it exactly (wrappers included), and when even
// the top level does not fit, shortens the oldest pieces first. Pure apart from token counting.

import { countTokens } from "../text/count-tokens.js";
import type { SummaryPiece } from "./compose-summary-block.js";

const SUMMARY_OPEN = "<conversation_summary>\n";
const SUMMARY_CLOSE = "</conversation_summary>";

/** One formatted piece: its `<summary>` text and the tokens of `text + "\n"` in the block. */
export interface RenderedPiece {
  piece: SummaryPiece;
  text: string;
  tokens: number;
}

/** Tokens a piece costs inside the block (each is followed by a newline). */
export function blockPieceTokens(text: string): number {
  return countTokens(`${text}\n`);
}

/** The wrapper's cost: the open tag and the close tag (plus the separator that may follow it). */
export function summaryWrapperTokens(separator: string): number {
  return countTokens(SUMMARY_OPEN) + countTokens(SUMMARY_CLOSE + separator);
}

/** Joined blocks by their pieces array: a plan reuses its array while the trim point holds. */
const joined = new WeakMap<readonly RenderedPiece[], string>();

/** The section text from rendered pieces, oldest first. */
export function joinSummaryBlock(pieces: readonly RenderedPiece[]): string {
  let text = joined.get(pieces);
  if (text === undefined) {
    text = `${SUMMARY_OPEN}${pieces.map((piece) => `${piece.text}\n`).join("")}${SUMMARY_CLOSE}`;
    joined.set(pieces, text);
  }
  return text;
}

/**
 * The exact tokens of `joinSummaryBlock(pieces) + trailing`: the pieces are counted already, and
 * each ends in a newline before a `<`, where o200k never merges across (checked by the composer's
 * exact-count tests at every budget).
 */
export function summaryBlockTokens(pieces: readonly RenderedPiece[], trailing: string): number {
  const inner = pieces.reduce((sum, piece) => sum + piece.tokens, 0);
  return countTokens(SUMMARY_OPEN) + inner + countTokens(SUMMARY_CLOSE + trailing);
}

const BULLET = /^\s*[-*] /;

/** Removes the last bullet line of a `<summary>` text; null when no bullet is left to remove. */
function dropLastBullet(text: string, note: string): string | null {
  const lines = text.split("\n");
  let last = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (BULLET.test(lines[index] ?? "") && lines[index] !== note) {
      last = index;
      break;
    }
  }
  if (last < 0) return null;
  lines.splice(last, 1);
  if (!lines.includes(note)) lines.splice(last, 0, note);
  return lines.join("\n");
}

const SHORTENED_NOTE = "- (shortened to fit the context budget; expand this range for details)";

/**
 * Shortens pieces, oldest first, bullet by bullet, until their total is within `budgetTokens`.
 * Each piece keeps its header (so every trimmed message stays covered exactly once) and a note
 * saying it was shortened. Returns null when even the shortest forms do not fit.
 */
export function fitPiecesToBudget(
  pieces: readonly RenderedPiece[],
  budgetTokens: number,
): RenderedPiece[] | null {
  const result = [...pieces];
  let total = result.reduce((sum, piece) => sum + piece.tokens, 0);
  for (let index = 0; index < result.length && total > budgetTokens; index += 1) {
    let current = result[index] as RenderedPiece;
    for (;;) {
      const shorter = dropLastBullet(current.text, SHORTENED_NOTE);
      if (shorter === null) break;
      const tokens = blockPieceTokens(shorter);
      total += tokens - current.tokens;
      current = { ...current, text: shorter, tokens };
      if (total <= budgetTokens) break;
    }
    result[index] = current;
  }
  return total <= budgetTokens ? result : null;
}
