// Markdown (as models write it) → Telegram HTML. Pure: no I/O. Everything is escaped first;
// markup becomes a tag only when it is balanced, so unbalanced input stays literal text and the
// output always parses (SG-24, LESSONS #12).
import { escapeHtml } from "./escape-html.js";

const FENCE_OPEN = /^\s*```([\w+#.-]*)\s*$/;
const FENCE_CLOSE = /^\s*```\s*$/;
const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
const QUOTE = /^>\s?(.*)$/;
const SAFE_URL = /^(https?:\/\/|mailto:|tg:\/\/)[^\s]+$/i;

/** Renders a model's Markdown reply as Telegram HTML (`parse_mode: "HTML"`). */
export function renderTelegramHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(renderInline(paragraph.join("\n")));
    paragraph = [];
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    const fence = FENCE_OPEN.exec(line);
    const closeAt = fence ? findFenceClose(lines, index + 1) : -1;
    if (fence && closeAt > 0) {
      flush();
      out.push(renderCodeBlock(lines.slice(index + 1, closeAt).join("\n"), fence[1] ?? ""));
      index = closeAt + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      out.push(`<b>${renderInline(heading[1] as string)}</b>`);
    } else if (QUOTE.test(line)) {
      flush();
      const quoted: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index] as string)) {
        quoted.push(QUOTE.exec(lines[index] as string)?.[1] ?? "");
        index += 1;
      }
      out.push(`<blockquote>${renderInline(quoted.join("\n"))}</blockquote>`);
      continue;
    } else if (line.trim() === "") {
      flush();
      out.push(line);
    } else {
      paragraph.push(line);
    }
    index += 1;
  }
  flush();
  return out.join("\n");
}

function findFenceClose(lines: string[], from: number): number {
  for (let index = from; index < lines.length; index += 1) {
    if (FENCE_CLOSE.test(lines[index] as string)) return index;
  }
  return -1;
}

function renderCodeBlock(code: string, language: string): string {
  const body = escapeHtml(code);
  if (!language) return `<pre>${body}</pre>`;
  return `<pre><code class="language-${escapeHtml(language)}">${body}</code></pre>`;
}

/** Delimited spans, longest delimiters first so `**` wins over `*`. */
const SPANS: ReadonlyArray<{ delimiter: string; tag: string }> = [
  { delimiter: "**", tag: "b" },
  { delimiter: "__", tag: "b" },
  { delimiter: "~~", tag: "s" },
  { delimiter: "*", tag: "i" },
  { delimiter: "_", tag: "i" },
];

/**
 * Positions from which a search for a delimiter's closer is known to fail. A closer's validity
 * depends only on its own position, so one failed search settles all later ones: this keeps
 * rendering linear on text full of unclosed markup (it is re-rendered on every streamed edit).
 */
type NoCloserFrom = Map<string, number>;

const LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/y;

/** Renders inline Markdown; `allowLinks` is false inside a link label (links do not nest). */
function renderInline(text: string, allowLinks = true): string {
  const noCloserFrom: NoCloserFrom = new Map();
  let html = "";
  let index = 0;
  while (index < text.length) {
    const rendered = renderSpanAt(text, index, allowLinks, noCloserFrom);
    if (rendered) {
      html += rendered.html;
      index = rendered.end;
    } else {
      html += escapeHtml(text[index] as string);
      index += 1;
    }
  }
  return html;
}

function renderSpanAt(
  text: string,
  index: number,
  allowLinks: boolean,
  noCloserFrom: NoCloserFrom,
): { html: string; end: number } | null {
  const char = text[index];
  if (char === "`") {
    const close = text.indexOf("`", index + 1);
    const code = close > index + 1 ? text.slice(index + 1, close) : "";
    if (code === "" || code.includes("\n")) return null;
    return { html: `<code>${escapeHtml(code)}</code>`, end: close + 1 };
  }
  if (char === "[" && allowLinks) {
    LINK.lastIndex = index;
    const link = LINK.exec(text);
    if (!link || !SAFE_URL.test(link[2] as string)) return null;
    const label = renderInline(link[1] as string, false);
    const href = escapeHtml(link[2] as string).replaceAll('"', "&quot;");
    return { html: `<a href="${href}">${label}</a>`, end: index + link[0].length };
  }
  for (const span of SPANS) {
    if (!text.startsWith(span.delimiter, index)) continue;
    const close = findClosingDelimiter(text, index, span.delimiter, noCloserFrom);
    if (close < 0) continue;
    const inner = renderInline(text.slice(index + span.delimiter.length, close), allowLinks);
    return { html: `<${span.tag}>${inner}</${span.tag}>`, end: close + span.delimiter.length };
  }
  return null;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

/**
 * Where the span opened at `open` closes, or -1. Like CommonMark flanking: the opener is followed
 * and the closer preceded by non-space; `_` spans sit on word edges so snake_case stays literal.
 */
function findClosingDelimiter(
  text: string,
  open: number,
  delimiter: string,
  noCloserFrom: NoCloserFrom,
): number {
  const contentStart = open + delimiter.length;
  if (isSpace(text[contentStart])) return -1;
  const underscore = delimiter.startsWith("_");
  if (underscore && isWordChar(text[open - 1])) return -1;
  // A single delimiter must not be the first half of a double one (`*` inside `**`).
  if (delimiter.length === 1 && text[contentStart] === delimiter) return -1;
  const searchFrom = contentStart + 1;
  if (searchFrom >= (noCloserFrom.get(delimiter) ?? Number.POSITIVE_INFINITY)) return -1;
  let close = text.indexOf(delimiter, searchFrom);
  while (close >= 0) {
    const after = text[close + delimiter.length];
    const valid =
      !isSpace(text[close - 1]) &&
      !(delimiter.length === 1 && (after === delimiter || text[close - 1] === delimiter)) &&
      !(underscore && isWordChar(after));
    if (valid) return close;
    close = text.indexOf(delimiter, close + 1);
  }
  noCloserFrom.set(delimiter, searchFrom);
  return -1;
}

/** The text a user would see for a piece of Telegram HTML: tags dropped, entities decoded. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<\/?(?:b|i|u|s|code|pre|a|blockquote)(?:\s[^<>]*)?>/g, "")
    .replace(/&(lt|gt|quot|amp);/g, (_match, name: string) => {
      const decoded: Record<string, string> = { lt: "<", gt: ">", quot: '"', amp: "&" };
      return decoded[name] ?? "";
    });
}
