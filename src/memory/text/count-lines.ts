// Exact token counts of a document from the counts of its lines. o200k's pre-tokenizer never joins
// a newline to a following character other than whitespace or "/" (its patterns: a word's one
// optional leading symbol excludes \r and \n, punctuation runs may end in [\r\n/]*, whitespace runs
// are whitespace only), and BPE merges only inside a pre-token. So a text cut right after a
// newline whose next character is "clean" counts as the sum of its parts:
//   count(A + "\n" + B) = count(A + "\n") + count(B)   when B starts cleanly.
// segment-block-tokens.ts counts summary blocks this way; LineTokenCounter remembers the parts,
// so a document counted again with a few lines changed (the working memory's fit, every turn)
// counts only those lines. Pure: no I/O.
import { countTokens } from "./count-tokens.js";

/** A text may start here after a newline without changing how the text before it splits. */
export function splitsCleanly(text: string): boolean {
  const first = text.charCodeAt(0);
  return text.length > 0 && first !== 0x2f && !/^\s/u.test(text);
}

/** Parts remembered; past this the memory starts again (a document has a few thousand lines). */
const MAX_PARTS = 50_000;

export class LineTokenCounter {
  private readonly parts = new Map<string, number>();

  /** countTokens(text), exactly, from the counts of the parts between clean line starts. */
  count(text: string): number {
    let total = 0;
    let start = 0;
    for (let cut = text.indexOf("\n"); cut !== -1; cut = text.indexOf("\n", cut + 1)) {
      if (cut + 1 >= text.length || !splitsCleanly(text.slice(cut + 1, cut + 2))) continue;
      total += this.part(text.slice(start, cut + 1));
      start = cut + 1;
    }
    return start < text.length ? total + this.part(text.slice(start)) : total;
  }

  private part(text: string): number {
    let tokens = this.parts.get(text);
    if (tokens === undefined) {
      tokens = countTokens(text);
      if (this.parts.size >= MAX_PARTS) this.parts.clear();
      this.parts.set(text, tokens);
    }
    return tokens;
  }
}
