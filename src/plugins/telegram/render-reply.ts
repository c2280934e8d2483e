// Markdown (as models write it) → Telegram HTML, through the shared Markdown tree
// (kernel/markdown.ts, `marked`'s lexer: the same parse as the web page and the TUI). Pure: no
// I/O. Every text is escaped; tags come only from the tree, so they are always balanced and the
// output always parses (SG-24, LESSONS #12). Telegram has no lists or tables: list items become
// bullet lines, a table a <pre> block with aligned columns.
import { type Block, type Inline, type ListItem, parseMarkdown } from "../../kernel/markdown.js";
import { escapeHtml } from "./escape-html.js";

/** Renders a model's Markdown reply as Telegram HTML (`parse_mode: "HTML"`). */
export function renderTelegramHtml(markdown: string): string {
  return renderBlocks(parseMarkdown(markdown), false);
}

/** Blocks one per line; a blank line between them in the source stays one. */
function renderBlocks(blocks: readonly Block[], inQuote: boolean): string {
  return blocks.map((block) => renderBlock(block, inQuote)).join("\n");
}

function renderBlock(block: Block, inQuote: boolean): string {
  switch (block.type) {
    case "paragraph":
      return renderInlines(block.inlines);
    case "heading":
      return `<b>${renderInlines(block.inlines)}</b>`;
    case "code":
      return renderCodeBlock(block.text, block.language);
    case "list":
      return block.items
        .map((item, index) => renderItem(item, listMarker(block, item, index), inQuote))
        .join("\n");
    case "quote":
      // Telegram does not nest blockquotes: a quote inside one is its lines.
      return inQuote
        ? renderBlocks(block.blocks, true)
        : `<blockquote>${renderBlocks(block.blocks, true)}</blockquote>`;
    case "table":
      return `<pre>${escapeHtml(tableText(block.header, block.rows))}</pre>`;
    case "rule":
      return "──────────";
    case "gap":
      return "";
  }
}

function listMarker(list: Extract<Block, { type: "list" }>, item: ListItem, index: number): string {
  if (item.checked !== null) return item.checked ? "☑ " : "☐ ";
  return list.ordered ? `${list.start + index}. ` : "• ";
}

/** An item's first block follows its marker; the rest (a nested list) is indented under it. */
function renderItem(item: ListItem, marker: string, inQuote: boolean): string {
  const body = renderBlocks(item.blocks, inQuote);
  return marker + body.replaceAll("\n", `\n${" ".repeat(2)}`);
}

/** A fenced block; the language goes into the class only when it is a plain name. */
function renderCodeBlock(code: string, language: string): string {
  const body = escapeHtml(code);
  if (!/^[\w+#.-]+$/.test(language)) return `<pre>${body}</pre>`;
  return `<pre><code class="language-${language}">${body}</code></pre>`;
}

function renderInlines(inlines: readonly Inline[]): string {
  return inlines.map(renderInline).join("");
}

function renderInline(inline: Inline): string {
  switch (inline.type) {
    case "text":
      return escapeHtml(inline.text);
    case "code":
      return `<code>${escapeHtml(inline.text)}</code>`;
    case "break":
      return "\n";
    case "strong":
      return `<b>${renderInlines(inline.children)}</b>`;
    case "em":
      return `<i>${renderInlines(inline.children)}</i>`;
    case "del":
      return `<s>${renderInlines(inline.children)}</s>`;
    case "link": {
      const href = escapeHtml(inline.href).replaceAll('"', "&quot;");
      return `<a href="${href}">${renderInlines(inline.children)}</a>`;
    }
  }
}

/** The words of inline Markdown without its markup (a table cell). */
function plainText(inlines: readonly Inline[]): string {
  return inlines
    .map((inline) => {
      if (inline.type === "text" || inline.type === "code") return inline.text;
      if (inline.type === "break") return " ";
      return plainText(inline.children);
    })
    .join("");
}

/** A table as monospaced text: columns padded to their widest cell, a rule under the header. */
function tableText(header: readonly Inline[][], rows: readonly Inline[][][]): string {
  const lines = [header, ...rows].map((row) => row.map(plainText));
  const columns = Math.max(...lines.map((cells) => cells.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...lines.map((cells) => [...(cells[column] ?? "")].length)),
  );
  const render = (cells: readonly string[]) =>
    widths
      .map((width, column) => {
        const cell = cells[column] ?? "";
        return cell + " ".repeat(width - [...cell].length);
      })
      .join(" | ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("-+-");
  return [render(lines[0] ?? []), rule, ...lines.slice(1).map(render)].join("\n");
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
