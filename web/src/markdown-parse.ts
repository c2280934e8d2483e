// Markdown → a small syntax tree of blocks and inlines. Agent output is untrusted: the tree holds
// plain strings only, and markdown-render.ts turns it into DOM nodes with textContent, so no text
// is ever parsed as HTML. Pure: no DOM, no I/O.

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "break" }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; level: number; inlines: Inline[] }
  | { type: "code"; language: string; text: string }
  | { type: "list"; ordered: boolean; items: Array<{ depth: number; inlines: Inline[] }> }
  | { type: "quote"; blocks: Block[] }
  | { type: "table"; header: Inline[][]; rows: Inline[][][] }
  | { type: "rule" };

/** Link targets allowed to become clickable; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

interface InlineRule {
  pattern: RegExp;
  build(match: RegExpExecArray): Inline;
}

const wrap = (type: "strong" | "em" | "del") => (match: RegExpExecArray) => ({
  type,
  children: parseInline(match[1] ?? ""),
});

const INLINE_RULES: InlineRule[] = [
  {
    pattern: /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/y,
    build: (m) => ({ type: "code", text: m[2] ?? "" }),
  },
  { pattern: /\*\*(?=\S)([\s\S]*?\S)\*\*/y, build: wrap("strong") },
  { pattern: /__(?=\S)([\s\S]*?\S)__(?!\w)/y, build: wrap("strong") },
  { pattern: /~~(?=\S)([\s\S]*?\S)~~/y, build: wrap("del") },
  { pattern: /\*(?=[^\s*])([\s\S]*?[^\s*])\*(?!\*)/y, build: wrap("em") },
  { pattern: /_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/y, build: wrap("em") },
  {
    pattern: /\[([^\]\n]+)\]\(([^)\s]+)\)/y,
    build: (m) => {
      const href = safeHref(m[2] ?? "");
      const children = parseInline(m[1] ?? "");
      return href ? { type: "link", href, children } : { type: "text", text: m[0] };
    },
  },
  {
    pattern: /https?:\/\/[^\s<>()"']*[^\s<>()"'.,;:!?]/y,
    build: (m) => ({ type: "link", href: m[0], children: [{ type: "text", text: m[0] }] }),
  },
];

const INLINE_STARTERS = new Set(["`", "*", "_", "~", "[", "h", "\n"]);

/** Inline markdown: code spans, strong, em, strikethrough, links, autolinks, line breaks. */
export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) result.push({ type: "text", text: buffer });
    buffer = "";
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? "";
    const matched = INLINE_STARTERS.has(char) ? matchInline(text, index) : null;
    if (char === "_" && matched && /\w/.test(text[index - 1] ?? "")) {
      buffer += char; // snake_case words are not emphasis
      index += 1;
    } else if (matched) {
      flush();
      result.push(matched.node);
      index += matched.length;
    } else if (char === "\n") {
      flush();
      result.push({ type: "break" });
      index += 1;
    } else {
      buffer += char;
      index += 1;
    }
  }
  flush();
  return result;
}

function matchInline(text: string, index: number): { node: Inline; length: number } | null {
  for (const rule of INLINE_RULES) {
    rule.pattern.lastIndex = index;
    const match = rule.pattern.exec(text);
    if (match) return { node: rule.build(match), length: match[0].length };
  }
  return null;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function splitRow(line: string): Inline[][] {
  const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return cells.map((cell) => parseInline(cell.trim()));
}

function isBlockStart(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    LIST_ITEM.test(line) ||
    QUOTE.test(line) ||
    (line.includes("|") && next !== undefined && TABLE_SEPARATOR.test(next))
  );
}

/** Block markdown: fences, headings, rules, lists, quotes, pipe tables, paragraphs. */
export function parseMarkdown(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (line.trim() === "") {
      index += 1;
      continue;
    }
    const parsed = parseBlockAt(lines, index);
    blocks.push(parsed.block);
    index = parsed.next;
  }
  return blocks;
}

function parseBlockAt(lines: string[], start: number): { block: Block; next: number } {
  const line = lines[start] ?? "";
  const fence = FENCE.exec(line);
  if (fence) {
    const marker = fence[1] ?? "```";
    let end = start + 1;
    while (end < lines.length && !(lines[end] ?? "").trim().startsWith(marker)) end += 1;
    const text = lines.slice(start + 1, end).join("\n");
    return { block: { type: "code", language: fence[2] ?? "", text }, next: end + 1 };
  }
  const heading = HEADING.exec(line);
  if (heading) {
    const level = (heading[1] ?? "#").length;
    return {
      block: { type: "heading", level, inlines: parseInline(heading[2] ?? "") },
      next: start + 1,
    };
  }
  if (RULE.test(line)) return { block: { type: "rule" }, next: start + 1 };
  if (QUOTE.test(line)) return parseQuote(lines, start);
  if (LIST_ITEM.test(line)) return parseList(lines, start);
  if (line.includes("|") && TABLE_SEPARATOR.test(lines[start + 1] ?? ""))
    return parseTable(lines, start);
  return parseParagraph(lines, start);
}

function parseQuote(lines: string[], start: number): { block: Block; next: number } {
  const inner: string[] = [];
  let index = start;
  for (; index < lines.length; index += 1) {
    const match = QUOTE.exec(lines[index] ?? "");
    if (!match) break;
    inner.push(match[1] ?? "");
  }
  return { block: { type: "quote", blocks: parseMarkdown(inner.join("\n")) }, next: index };
}

function parseList(lines: string[], start: number): { block: Block; next: number } {
  const first = LIST_ITEM.exec(lines[start] ?? "");
  const ordered = /\d/.test(first?.[2] ?? "");
  const items: Array<{ depth: number; text: string }> = [];
  let index = start;
  for (; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const match = LIST_ITEM.exec(line);
    const depth = Math.min(Math.floor((match?.[1] ?? "").length / 2), 4);
    if (match && depth === 0 && /\d/.test(match[2] ?? "") !== ordered) break; // a new list kind
    if (match) {
      items.push({ depth, text: match[3] ?? "" });
    } else if (line.trim() !== "" && /^\s+/.test(line) && items.length > 0) {
      const last = items[items.length - 1];
      if (last) last.text += `\n${line.trim()}`;
    } else {
      break;
    }
  }
  const parsed = items.map((item) => ({ depth: item.depth, inlines: parseInline(item.text) }));
  return { block: { type: "list", ordered, items: parsed }, next: index };
}

function parseTable(lines: string[], start: number): { block: Block; next: number } {
  const header = splitRow(lines[start] ?? "");
  const rows: Inline[][][] = [];
  let index = start + 2;
  while (index < lines.length && (lines[index] ?? "").includes("|")) {
    rows.push(splitRow(lines[index] ?? ""));
    index += 1;
  }
  return { block: { type: "table", header, rows }, next: index };
}

function parseParagraph(lines: string[], start: number): { block: Block; next: number } {
  const collected = [lines[start] ?? ""];
  let index = start + 1;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    if (line.trim() === "" || isBlockStart(line, lines[index + 1])) break;
    collected.push(line);
    index += 1;
  }
  return { block: { type: "paragraph", inlines: parseInline(collected.join("\n")) }, next: index };
}
