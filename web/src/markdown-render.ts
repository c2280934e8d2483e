// Renders the markdown tree (markdown-parse.ts) as DOM nodes. Every piece of text becomes a text
// node; only whitelisted elements and safe hrefs are created, so `<img onerror=…>` shows as text.
import { h } from "./dom.js";
import { type Block, type Inline, parseMarkdown } from "./markdown-parse.js";

/** Markdown headings sit below the page's own h1/h2, so `#` renders as h3. */
const HEADING_TAGS = ["h3", "h4", "h5", "h6", "h6", "h6"] as const;

function renderInlines(inlines: Inline[]): Node[] {
  return inlines.map(renderInline);
}

function renderInline(inline: Inline): Node {
  switch (inline.type) {
    case "text":
      return document.createTextNode(inline.text);
    case "code":
      return h("code", null, inline.text);
    case "break":
      return h("br");
    case "strong":
      return h("strong", null, renderInlines(inline.children));
    case "em":
      return h("em", null, renderInlines(inline.children));
    case "del":
      return h("del", null, renderInlines(inline.children));
    case "link":
      return h(
        "a",
        { href: inline.href, target: "_blank", rel: "noopener noreferrer nofollow" },
        renderInlines(inline.children),
      );
    default: {
      const unreachable: never = inline;
      return document.createTextNode(String(unreachable));
    }
  }
}

function renderBlock(block: Block): Node {
  switch (block.type) {
    case "paragraph":
      return h("p", null, renderInlines(block.inlines));
    case "heading":
      return h(HEADING_TAGS[block.level - 1] ?? "h6", null, renderInlines(block.inlines));
    case "code":
      return h(
        "pre",
        { class: "code" },
        h("code", { "data-language": block.language || null }, block.text),
      );
    case "list":
      return h(
        block.ordered ? "ol" : "ul",
        null,
        block.items.map((item) =>
          h("li", { class: `depth-${item.depth}` }, renderInlines(item.inlines)),
        ),
      );
    case "quote":
      return h("blockquote", null, block.blocks.map(renderBlock));
    case "table":
      return h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          null,
          h(
            "thead",
            null,
            h(
              "tr",
              null,
              block.header.map((cell) => h("th", null, renderInlines(cell))),
            ),
          ),
          h(
            "tbody",
            null,
            block.rows.map((row) =>
              h(
                "tr",
                null,
                row.map((cell) => h("td", null, renderInlines(cell))),
              ),
            ),
          ),
        ),
      );
    case "rule":
      return h("hr");
    default: {
      const unreachable: never = block;
      return document.createTextNode(String(unreachable));
    }
  }
}

/** Markdown text → a `.markdown` element. Safe for any input. */
export function renderMarkdown(text: string, className = "markdown"): HTMLElement {
  return h("div", { class: className }, parseMarkdown(text).map(renderBlock));
}
