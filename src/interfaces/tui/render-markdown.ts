// Markdown for the terminal, as styled lines the Markdown component draws: bold, italic, inline
// code, links, headings, lists, quotes, rules and fenced code blocks. Streaming-safe: an unclosed
// fence or marker just renders as it stands. Pure: no I/O, no ink, no ANSI codes.

export type SpanStyle = "plain" | "bold" | "italic" | "code" | "link" | "dim";

export interface MarkdownSpan {
  text: string;
  style: SpanStyle;
}

export type MarkdownLineKind = "text" | "heading" | "code" | "fence" | "quote" | "rule";

export interface MarkdownLine {
  kind: MarkdownLineKind;
  spans: MarkdownSpan[];
}

const FENCE = /^\s*(```|~~~)\s*([\w+#.-]*)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^(\s*)[-*+]\s+(.*)$/;
const ORDERED = /^(\s*)(\d+)[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

/** Splits markdown source into styled terminal lines. Consecutive blank lines collapse to one. */
export function renderMarkdown(source: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let fence: string | null = null;
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const fenceMatch = FENCE.exec(raw);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1] === fence && !fenceMatch[2]) fence = null;
      else lines.push({ kind: "code", spans: [{ text: raw, style: "code" }] });
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1] ?? "```";
      const language = fenceMatch[2] ?? "";
      if (language) lines.push({ kind: "fence", spans: [{ text: language, style: "dim" }] });
      continue;
    }
    const line = renderBlockLine(raw);
    const previous = lines.at(-1);
    if (line.spans.length === 0 && previous && previous.spans.length === 0) continue;
    lines.push(line);
  }
  return lines;
}

function renderBlockLine(raw: string): MarkdownLine {
  if (raw.trim() === "") return { kind: "text", spans: [] };
  if (RULE.test(raw)) return { kind: "rule", spans: [] };
  const heading = HEADING.exec(raw);
  if (heading) return { kind: "heading", spans: renderInline(heading[1] ?? "") };
  const quote = QUOTE.exec(raw);
  if (quote) return { kind: "quote", spans: renderInline(quote[1] ?? "") };
  const bullet = BULLET.exec(raw);
  if (bullet) {
    const marker = { text: `${bullet[1] ?? ""}• `, style: "plain" } as const;
    return { kind: "text", spans: [marker, ...renderInline(bullet[2] ?? "")] };
  }
  const ordered = ORDERED.exec(raw);
  if (ordered) {
    const marker = { text: `${ordered[1] ?? ""}${ordered[2]}. `, style: "plain" } as const;
    return { kind: "text", spans: [marker, ...renderInline(ordered[3] ?? "")] };
  }
  return { kind: "text", spans: renderInline(raw) };
}

// Alternatives, in priority order: `code`, **bold**, __bold__, *italic*, _italic_, [text](url).
const INLINE =
  /`([^`]+)`|\*\*(?=\S)(.+?)\*\*|__(?=\S)(.+?)__|(?<![\w*])\*(?=\S)([^*]+?)\*(?![\w*])|(?<![\w_])_(?=\S)([^_]+?)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Inline markup of one line as spans; neighbouring plain text is merged. */
export function renderInline(text: string): MarkdownSpan[] {
  const spans: MarkdownSpan[] = [];
  const push = (span: MarkdownSpan) => {
    if (!span.text) return;
    const last = spans.at(-1);
    if (last && last.style === span.style) last.text += span.text;
    else spans.push({ ...span });
  };
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    push({ text: text.slice(index, match.index), style: "plain" });
    const [, code, bold, boldUnderscore, italic, italicUnderscore, linkText, url] = match;
    if (code !== undefined) push({ text: code, style: "code" });
    else if (bold !== undefined || boldUnderscore !== undefined)
      push({ text: bold ?? boldUnderscore ?? "", style: "bold" });
    else if (italic !== undefined || italicUnderscore !== undefined)
      push({ text: italic ?? italicUnderscore ?? "", style: "italic" });
    else if (linkText !== undefined) {
      push({ text: linkText, style: "link" });
      if (url !== linkText) push({ text: ` (${url})`, style: "dim" });
    }
    index = match.index + match[0].length;
  }
  push({ text: text.slice(index), style: "plain" });
  return spans;
}
