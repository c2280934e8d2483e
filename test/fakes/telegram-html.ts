// Telegram-flavoured HTML as the Bot API checks it (parse_mode "HTML"), for the fake Bot API.
// Pure.

export interface TelegramEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
}

const ALLOWED_TAGS = new Set(["b", "i", "u", "s", "code", "pre", "a", "blockquote"]);
const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>/y;
const ENTITY = /&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/y;

/**
 * Parses Telegram-flavoured HTML the way the Bot API does: only known tags, balanced and nested,
 * `&` and `<` escaped outside tags. Returns the visible text and its entities, or an error.
 */
export function parseTelegramHtml(
  html: string,
): { text: string; entities: TelegramEntity[] } | { error: string } {
  const stack: Array<{ name: string; offset: number; url?: string }> = [];
  const entities: TelegramEntity[] = [];
  let text = "";
  let index = 0;
  while (index < html.length) {
    const char = html[index] as string;
    TAG.lastIndex = index;
    ENTITY.lastIndex = index;
    if (char === "<") {
      const tag = TAG.exec(html);
      if (!tag) return { error: `Unexpected "<" at byte offset ${index}` };
      const name = (tag[2] as string).toLowerCase();
      if (!ALLOWED_TAGS.has(name)) return { error: `Unsupported start tag "${name}"` };
      if (tag[1]) {
        const open = stack.pop();
        if (open?.name !== name) return { error: `Unmatched end tag "${name}" at ${index}` };
        const length = text.length - open.offset;
        entities.push({
          type: name,
          offset: open.offset,
          length,
          ...(open.url ? { url: open.url } : {}),
        });
      } else {
        const url = /href="([^"]*)"/.exec(tag[3] ?? "")?.[1];
        stack.push({ name, offset: text.length, ...(url === undefined ? {} : { url }) });
      }
      index += tag[0].length;
    } else if (char === "&") {
      const entity = ENTITY.exec(html);
      if (!entity) return { error: `Character "&" at byte offset ${index} must be escaped` };
      const name = entity[1] as string;
      text += NAMED_ENTITIES[name] ?? decodeNumericEntity(name);
      index += entity[0].length;
    } else {
      text += char;
      index += 1;
    }
  }
  const unclosed = stack.pop();
  if (unclosed) return { error: `Can't find end tag for start tag "${unclosed.name}"` };
  return { text, entities };
}

function decodeNumericEntity(name: string): string {
  const code = name.startsWith("#x") ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return String.fromCodePoint(code);
}
