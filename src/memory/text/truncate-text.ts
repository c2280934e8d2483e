// Cutting text without breaking it: slices that never split a UTF-16 surrogate pair (a lone
// surrogate made provider requests fail with 400, LESSONS #1) and head+tail shortening.
// Pure: no I/O.

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True when `index` falls between the two halves of a surrogate pair. */
function splitsPair(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  return isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index));
}

/**
 * `text.slice(start, end)`, except that a boundary inside a surrogate pair moves inward (start
 * forward, end back), so the result never holds half of an emoji and is never longer than asked.
 * Indexes are clamped to [0, text.length]; negative indexes do not count from the end.
 */
export function safeSlice(text: string, start: number, end: number = text.length): string {
  let from = Math.max(0, Math.min(start, text.length));
  let to = Math.max(0, Math.min(end, text.length));
  if (splitsPair(text, from)) from += 1;
  if (splitsPair(text, to)) to -= 1;
  return from >= to ? "" : text.slice(from, to);
}

/** The note that replaces the middle of a shortened text. */
export function omissionNote(omittedCharacters: number): string {
  return `\n[… ${omittedCharacters} characters omitted; use the expand tool for the full output …]\n`;
}

/** How far (as a share of each half) a cut may move to land on a line break. */
const LINE_SNAP_SHARE = 0.2;

/**
 * Keeps the head and tail of `text` (together at most `maxChars` characters, half each) and puts
 * `omissionNote(N)` in between; cuts move to a nearby line break when one is close, and never
 * split a surrogate pair. Text within `maxChars` is returned unchanged. The note itself is not
 * counted in `maxChars`.
 */
export function shortenMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const half = Math.max(0, Math.floor(maxChars / 2));
  const snap = Math.floor(half * LINE_SNAP_SHARE);
  let headEnd = half;
  const lastBreak = text.lastIndexOf("\n", headEnd);
  if (lastBreak >= 0 && headEnd - lastBreak <= snap) headEnd = lastBreak;
  let tailStart = text.length - (maxChars - half);
  const nextBreak = text.indexOf("\n", tailStart);
  if (nextBreak >= 0 && nextBreak - tailStart <= snap) tailStart = nextBreak + 1;
  const head = safeSlice(text, 0, headEnd);
  const tail = safeSlice(text, tailStart);
  const omitted = text.length - head.length - tail.length;
  return `${head}${omissionNote(omitted)}${tail}`;
}
