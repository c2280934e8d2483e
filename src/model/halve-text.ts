// Text surgery for embedding inputs: halving that never splits a UTF-16 surrogate pair, and
// repair of lone surrogates (servers reject them; LESSONS #1). Pure: no I/O.

/** The text with every unpaired surrogate replaced by U+FFFD (Node's `String#toWellFormed`). */
export function replaceLoneSurrogates(text: string): string {
  return text.toWellFormed();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The first half of `text`, cut before a surrogate pair rather than inside it. */
export function halveText(text: string): string {
  let cut = Math.floor(text.length / 2);
  if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut -= 1;
  return text.slice(0, cut);
}
