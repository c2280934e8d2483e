// Markdown for the terminal, as styled lines the Markdown component draws. The text is parsed by
// the parser every interface uses (kernel/markdown.ts, `marked`'s lexer); this file lays the tree
// out in lines: headings, paragraphs, nested lists (with task boxes), quotes, rules, fenced code
// with its language, and tables as aligned columns. Streaming-safe: an unclosed fence is code to
// the end. Pure: no I/O, no ink, no ANSI codes.
import { KernError } from "../../kernel/index.js";
// Not through the kernel barrel: `marked` costs every CLI command ~15 ms of start-up to load.
import { type Block, type Inline, parseInline, parseMarkdown } from "../../kernel/markdown.js";

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

/** Markdown source → styled terminal lines. Consecutive blank lines collapse to one. */
export function renderMarkdown(source: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  for (const block of parseMarkdown(source)) emitBlock(block, "", lines);
  return lines.filter((line, index) => !(isBlank(line) && isBlank(lines[index - 1])));
}

/** Inline markup of one line as spans; neighbouring text of one style is merged. */
export function renderInline(text: string): MarkdownSpan[] {
  return spansOf(parseInline(text)).filter((span) => span.text !== "\n");
}

function isBlank(line: MarkdownLine | undefined): boolean {
  return line !== undefined && line.kind === "text" && line.spans.length === 0;
}

function emitBlock(block: Block, indent: string, out: MarkdownLine[]): void {
  const lead = (spans: MarkdownSpan[]): MarkdownSpan[] =>
    indent ? [{ text: indent, style: "plain" }, ...spans] : spans;
  switch (block.type) {
    case "paragraph":
      for (const spans of splitLines(spansOf(block.inlines)))
        out.push({ kind: "text", spans: lead(spans) });
      return;
    case "heading":
      out.push({ kind: "heading", spans: spansOf(block.inlines).filter((s) => s.text !== "\n") });
      return;
    case "code": {
      if (block.language)
        out.push({ kind: "fence", spans: [{ text: block.language, style: "dim" }] });
      const text = block.text.endsWith("\n") ? block.text.slice(0, -1) : block.text;
      for (const line of text.split("\n"))
        out.push({ kind: "code", spans: [{ text: indent + line, style: "code" }] });
      return;
    }
    case "list":
      emitList(block, indent, out);
      return;
    case "quote": {
      const inner: MarkdownLine[] = [];
      for (const child of block.blocks) emitBlock(child, "", inner);
      for (const line of inner) out.push({ kind: "quote", spans: lead(line.spans) });
      return;
    }
    case "table":
      for (const spans of layoutTable(block.header, block.rows))
        out.push({ kind: "text", spans: lead(spans) });
      return;
    case "rule":
      out.push({ kind: "rule", spans: [] });
      return;
    case "gap":
      out.push({ kind: "text", spans: [] });
      return;
    default: {
      const unreachable: never = block;
      throw new KernError("KERN_INTERNAL", `unknown block ${String(unreachable)}`);
    }
  }
}

function emitList(block: Extract<Block, { type: "list" }>, indent: string, out: MarkdownLine[]) {
  block.items.forEach((item, index) => {
    const box = item.checked === null ? "" : item.checked ? "☑ " : "☐ ";
    const marker = `${block.ordered ? `${block.start + index}.` : "•"} ${box}`;
    const inner: MarkdownLine[] = [];
    for (const child of item.blocks) emitBlock(child, " ".repeat(marker.length), inner);
    // The item's first line carries the marker in place of its indent.
    inner.forEach((line, at) => {
      const spans = line.spans.map((span) => ({ ...span }));
      const first = spans[0];
      if (at === 0 && first && line.kind === "text")
        first.text = marker + first.text.slice(marker.length);
      else if (at === 0) spans.unshift({ text: marker, style: "plain" });
      if (indent && spans[0]) spans[0] = { ...spans[0], text: indent + spans[0].text };
      out.push({ kind: line.kind, spans });
    });
    if (inner.length === 0)
      out.push({ kind: "text", spans: [{ text: indent + marker, style: "plain" }] });
  });
}

/** Aligned columns: `a   │ b`, a rule under the header, header bold. */
function layoutTable(header: Inline[][], rows: Inline[][][]): MarkdownSpan[][] {
  const plain = (cell: Inline[]) =>
    spansOf(cell)
      .map((span) => span.text)
      .join("")
      .replace(/\n/g, " ");
  const all = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...all.map((row) => Array.from(plain(row[column] ?? [])).length), 1),
  );
  const pad = (text: string, column: number) =>
    text + " ".repeat(Math.max(0, (widths[column] ?? 0) - Array.from(text).length));
  const row = (cells: Inline[][], style: "bold" | "plain"): MarkdownSpan[] =>
    widths.flatMap((_, column) => [
      ...(column > 0 ? [{ text: " │ ", style: "dim" as const }] : []),
      { text: pad(plain(cells[column] ?? []), column), style },
    ]);
  const rule = widths.map((width) => "─".repeat(width)).join("─┼─");
  return [row(header, "bold"), [{ text: rule, style: "dim" }], ...rows.map((r) => row(r, "plain"))];
}

/** Spans of inlines; a line break is a `\n` span that splitLines cuts at. */
function spansOf(inlines: readonly Inline[], inherited: SpanStyle = "plain"): MarkdownSpan[] {
  const spans: MarkdownSpan[] = [];
  const push = (span: MarkdownSpan) => {
    if (!span.text) return;
    const last = spans.at(-1);
    if (last && last.style === span.style && span.text !== "\n" && last.text !== "\n")
      last.text += span.text;
    else spans.push({ ...span });
  };
  for (const inline of inlines) {
    switch (inline.type) {
      case "text":
        push({ text: inline.text, style: inherited });
        break;
      case "code":
        push({ text: inline.text, style: "code" });
        break;
      case "break":
        push({ text: "\n", style: "plain" });
        break;
      case "strong":
      case "em":
      case "del": {
        const style = inline.type === "strong" ? "bold" : inline.type === "em" ? "italic" : "dim";
        for (const span of spansOf(inline.children, inherited === "plain" ? style : inherited))
          push(span);
        break;
      }
      case "link": {
        const label = spansOf(inline.children, "link");
        for (const span of label) push(span);
        if (label.map((span) => span.text).join("") !== inline.href)
          push({ text: ` (${inline.href})`, style: "dim" });
        break;
      }
      default: {
        const unreachable: never = inline;
        return unreachable;
      }
    }
  }
  return spans;
}

/** Cuts spans into lines at `\n` spans and at newlines inside text. */
function splitLines(spans: MarkdownSpan[]): MarkdownSpan[][] {
  const lines: MarkdownSpan[][] = [[]];
  for (const span of spans) {
    const parts = span.text === "\n" ? ["", ""] : span.text.split("\n");
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines.at(-1)?.push({ text: part, style: span.style });
    });
  }
  return lines;
}
