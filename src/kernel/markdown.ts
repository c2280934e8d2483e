// Markdown → a small tree of blocks and inlines, through one real parser (`marked`'s lexer, GFM)
// for every interface: the web page renders the tree as DOM nodes with textContent, the TUI as
// styled terminal lines. Agent output is untrusted: the tree holds plain strings only, raw HTML
// stays text, and only http(s)/mailto links become links. marked's home is this file. Pure.
import { Lexer, type Token, type Tokens } from "marked";

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "break" }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export interface ListItem {
  blocks: Block[];
  /** A task list item's box: true checked, false open, null for a plain item. */
  checked: boolean | null;
}

export type Block =
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "heading"; level: number; inlines: Inline[] }
  | { type: "code"; language: string; text: string }
  | { type: "list"; ordered: boolean; start: number; items: ListItem[] }
  | { type: "quote"; blocks: Block[] }
  | { type: "table"; header: Inline[][]; rows: Inline[][][] }
  | { type: "rule" }
  /** A blank line in the source between two blocks (the terminal keeps it; HTML has margins). */
  | { type: "gap" };

/** Link targets allowed to become clickable; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

/** GFM (fences, tables, task lists, strikethrough, autolinks); a line break stays a break. */
const OPTIONS = { gfm: true, breaks: true } as const;

/** Block markdown. An unclosed fence (a reply still streaming) is code to the end. */
export function parseMarkdown(text: string): Block[] {
  const blocks = toBlocks(new Lexer(OPTIONS).lex(text.replace(/\r\n?/g, "\n")));
  while (blocks[0]?.type === "gap") blocks.shift();
  while (blocks.at(-1)?.type === "gap") blocks.pop();
  return blocks;
}

/** Inline markdown only (one paragraph's worth). */
export function parseInline(text: string): Inline[] {
  return toInlines(new Lexer(OPTIONS).inlineTokens(text));
}

function toBlocks(tokens: readonly Token[]): Block[] {
  return tokens.flatMap((token) => toBlock(token));
}

function toBlock(token: Token): Block[] {
  switch (token.type) {
    case "paragraph":
    case "text": {
      const inner = (token as Tokens.Paragraph | Tokens.Text).tokens;
      return [{ type: "paragraph", inlines: inner ? toInlines(inner) : textOf(token.text) }];
    }
    case "heading": {
      const heading = token as Tokens.Heading;
      return [{ type: "heading", level: heading.depth, inlines: toInlines(heading.tokens) }];
    }
    case "code": {
      const code = token as Tokens.Code;
      return [{ type: "code", language: (code.lang ?? "").split(/\s/)[0] ?? "", text: code.text }];
    }
    case "blockquote":
      return [{ type: "quote", blocks: toBlocks((token as Tokens.Blockquote).tokens) }];
    case "list": {
      const list = token as Tokens.List;
      const items = list.items.map((item) => ({
        blocks: toBlocks(item.tokens.filter((inner) => inner.type !== "checkbox")),
        checked: item.task ? Boolean(item.checked) : null,
      }));
      const start = typeof list.start === "number" ? list.start : 1;
      return [{ type: "list", ordered: list.ordered, start, items }];
    }
    case "table": {
      const table = token as Tokens.Table;
      return [
        {
          type: "table",
          header: table.header.map((cell) => toInlines(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => toInlines(cell.tokens))),
        },
      ];
    }
    case "hr":
      return [{ type: "rule" }];
    case "html":
      return [{ type: "paragraph", inlines: textOf(token.raw.trimEnd()) }];
    case "space":
      return token.raw.includes("\n\n") ? [{ type: "gap" }] : [];
    default:
      return []; // def (link definitions)
  }
}

function toInlines(tokens: readonly Token[]): Inline[] {
  const inlines: Inline[] = [];
  for (const token of tokens) {
    const inline = toInline(token);
    const last = inlines.at(-1);
    // Neighbouring text (marked splits at every character it might have parsed) is one run.
    if (inline.type === "text" && last?.type === "text") last.text += inline.text;
    else inlines.push(inline);
  }
  return inlines;
}

function toInline(token: Token): Inline {
  switch (token.type) {
    case "strong":
    case "em":
    case "del":
      return { type: token.type, children: toInlines((token as Tokens.Strong).tokens) };
    case "codespan":
      return { type: "code", text: token.text };
    case "br":
      return { type: "break" };
    case "link": {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      return href
        ? { type: "link", href, children: toInlines(link.tokens) }
        : { type: "text", text: link.raw };
    }
    case "image": {
      const image = token as Tokens.Image;
      const href = safeHref(image.href);
      const label = image.text || image.href;
      return href
        ? { type: "link", href, children: [{ type: "text", text: label }] }
        : { type: "text", text: image.raw };
    }
    default:
      // escape, html (stays visible text), and anything newer than this code
      return { type: "text", text: "text" in token ? String(token.text) : token.raw };
  }
}

function textOf(text: string): Inline[] {
  return [{ type: "text", text }];
}
