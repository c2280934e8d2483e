// Splits a reply into messages that fit a channel's length limit (the channel kit, SPEC §17).
// Pure. Never cuts inside a surrogate pair or, in HTML, a tag or an entity; prefers a paragraph
// break, then a newline, then a space, outside any tag; a tag that must be cut (a long code block)
// is closed at the end of one chunk and reopened at the start of the next. No character is lost
// (SG-24). Plain text (`html: false`: Discord's Markdown) has no tags: `<b>` is four characters.

interface OpenTag {
  name: string;
  source: string;
}

type Token =
  | { kind: "open"; length: number; tag: OpenTag }
  | { kind: "close"; length: number; name: string }
  | { kind: "text"; length: number };

const TAG =
  /<(\/?)(b|strong|i|em|u|ins|s|strike|del|code|pre|a|blockquote|tg-spoiler|span)(?=[\s>])[^<>]*>/y;
const ENTITY = /&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);/y;

function tokenAt(text: string, index: number, html: boolean): Token {
  const char = text.charCodeAt(index);
  if (html && char === 0x3c /* < */) {
    TAG.lastIndex = index;
    const tag = TAG.exec(text);
    if (tag) {
      const name = tag[2] as string;
      const length = tag[0].length;
      if (tag[1]) return { kind: "close", length, name };
      return { kind: "open", length, tag: { name, source: tag[0] } };
    }
  }
  if (html && char === 0x26 /* & */) {
    ENTITY.lastIndex = index;
    const entity = ENTITY.exec(text);
    if (entity) return { kind: "text", length: entity[0].length };
  }
  const isPair =
    char >= 0xd800 && char <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
  return { kind: "text", length: isPair ? 2 : 1 };
}

function closingTags(open: readonly OpenTag[]): string {
  return open
    .map((tag) => `</${tag.name}>`)
    .reverse()
    .join("");
}

/**
 * How good a cut after `index` is. Tiers, best first: whitespace outside tags in the second half
 * of the chunk (so a short heading does not become a message of its own), whitespace outside tags
 * earlier, whitespace inside a tag (a code block too long to move whole), then anywhere. Within a
 * tier: paragraph break > newline > space.
 */
function cutScore(text: string, index: number, insideTag: boolean, secondHalf: boolean): number {
  const last = text[index - 1];
  let level = 0;
  if (last === "\n") level = text[index - 2] === "\n" ? 3 : 2;
  else if (last === " " || last === "\t") level = 1;
  if (level === 0) return insideTag ? 1 : 2;
  if (insideTag) return 10 + (secondHalf ? 5 : 0) + level;
  return 20 + (secondHalf ? 10 : 0) + level;
}

interface Cut {
  end: number;
  open: OpenTag[];
}

/** The best place to end the chunk starting at `start` within `budget` code units (latest wins ties). */
function findCut(
  text: string,
  start: number,
  open: readonly OpenTag[],
  budget: number,
  html: boolean,
): Cut {
  const stack = [...open];
  let closersLength = closingTags(stack).length;
  let best: (Cut & { score: number }) | null = null;
  let index = start;
  while (index < text.length) {
    const token = tokenAt(text, index, html);
    let nextClosers = closersLength;
    if (token.kind === "open") nextClosers += token.tag.name.length + 3;
    if (token.kind === "close" && stack.at(-1)?.name === token.name) nextClosers -= token.length;
    if (index + token.length - start + nextClosers > budget && best) break;
    if (token.kind === "open") stack.push(token.tag);
    if (token.kind === "close" && stack.at(-1)?.name === token.name) stack.pop();
    closersLength = nextClosers;
    index += token.length;
    if (token.kind === "open") continue; // ending a chunk right after an opening tag is pointless
    const score = cutScore(text, index, stack.length > 0, (index - start) * 2 >= budget);
    if (!best || score >= best.score) best = { end: index, open: [...stack], score };
  }
  if (index >= text.length) return { end: text.length, open: stack };
  return best ?? { end: index, open: stack };
}

/**
 * Splits `text` into chunks of at most `limit` UTF-16 code units. For plain text the chunks joined
 * equal the input; for HTML each chunk is balanced on its own (tags closed and reopened).
 */
export function splitReply(
  text: string,
  limit: number,
  options: { html?: boolean } = {},
): string[] {
  const html = options.html ?? true;
  const chunks: string[] = [];
  let position = 0;
  let open: OpenTag[] = [];
  while (position < text.length) {
    const prefix = open.map((tag) => tag.source).join("");
    const cut = findCut(text, position, open, limit - prefix.length, html);
    let end = cut.end;
    const stack = cut.open;
    // Closing tags right after the cut belong to this chunk: they replace our own closers.
    for (
      let token = tokenAt(text, end, html);
      end < text.length;
      token = tokenAt(text, end, html)
    ) {
      if (token.kind !== "close" || stack.at(-1)?.name !== token.name) break;
      if (token.length !== token.name.length + 3) break; // `</b >` would not fit in place of `</b>`
      stack.pop();
      end += token.length;
    }
    chunks.push(prefix + text.slice(position, end) + closingTags(stack));
    position = end;
    open = stack;
  }
  return chunks;
}
