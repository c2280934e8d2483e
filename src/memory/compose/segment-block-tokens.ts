// The exact token cost of a stored segment's `<summary>` block without counting its whole body:
// the body's count is stored with the summary (`summaryTokens`, counted when it was written), and
// o200k's pre-tokenizer never joins a newline to a following character other than whitespace or
// "/", so a text splits exactly after such a newline: count(A + "\n" + B) = count(A + "\n") +
// count(B). The block is HEADER "\n" BODY "\n</summary>\n"; with BODY = P "\n" L (L its last line):
//   tokens = count(HEADER "\n") + summaryTokens − count(L) + count(L "\n</summary>\n").
// A first compose counted every summary in the tree (20k messages: most of `kern context`'s time).
import type { Segment } from "../../kernel/index.js";
import { formatSummaryBlock } from "../summaries/summary-block.js";
import { splitsCleanly } from "../text/count-lines.js";
import { countTokens } from "../text/count-tokens.js";

const CLOSE = "\n</summary>";

/**
 * Tokens of `${text}\n` for `text`, the block formatSummaryBlock made of the segment's stored
 * summary, or null when the shortcut does not hold (the block changed the body — trimmed or
 * defused it —, or the body starts where a split is not clean): the caller counts the block.
 */
export function segmentBlockTokens(segment: Segment, text: string): number | null {
  const body = segment.summary;
  if (body === null || segment.summaryTokens <= 0 || !splitsCleanly(body)) return null;
  const { level, seqStart, seqEnd, firstTs, lastTs } = segment;
  const empty = formatSummaryBlock({ level, seqStart, seqEnd, firstTs, lastTs, body: "" });
  const header = empty.slice(0, empty.length - CLOSE.length - 1);
  if (text !== `${header}\n${body}${CLOSE}`) return null;
  const cut = body.lastIndexOf("\n");
  const last = cut === -1 ? body : body.slice(cut + 1);
  if (cut !== -1 && !splitsCleanly(last)) return null;
  const lastTokens = cut === -1 ? segment.summaryTokens : countTokens(last);
  return (
    countTokens(`${header}\n`) +
    segment.summaryTokens -
    lastTokens +
    countTokens(`${last}\n</summary>\n`)
  );
}
