// Cuts text to a token budget at a line (else word) boundary, never inside a surrogate pair.
// Pure apart from token counting.
import { countTokens } from "./count-tokens.js";
import { safeSlice } from "./truncate-text.js";

/**
 * `text` when it fits in `maxTokens`, else its longest head that does (found by bisection on the
 * length, then moved back to the last line break or space in its final fifth).
 */
export function fitTextToTokens(text: string, maxTokens: number): string {
  if (countTokens(text) <= maxTokens) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(safeSlice(text, 0, middle)) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  const head = safeSlice(text, 0, low);
  const cut = Math.max(head.lastIndexOf("\n"), head.lastIndexOf(" "));
  return cut > head.length * 0.8 ? head.slice(0, cut) : head;
}
