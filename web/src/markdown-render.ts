// Renders the markdown tree (markdown-parse.ts) as DOM nodes. Every piece of text becomes a text
// node; only whitelisted elements and safe hrefs are created, so `<img onerror=…>` shows as text.
// Lists nest as the source nests them; code blocks carry a Copy button.
import { h } from "./dom.js";
import { type Block, type Inline, type ListItem, parseMarkdown } from "./markdown-parse.js";

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
      return codeBlock(block.language, block.text);
    case "list":
      return h(
        block.ordered ? "ol" : "ul",
        block.ordered && block.start !== 1 ? { start: String(block.start) } : null,
        block.items.map(renderListItem),
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
    case "gap":
      return document.createTextNode("");
    default: {
      const unreachable: never = block;
      return document.createTextNode(String(unreachable));
    }
  }
}

/** A list item: its paragraphs inline (a tight list), nested lists as nested elements. */
function renderListItem(item: ListItem): HTMLElement {
  const box =
    item.checked === null
      ? null
      : h("input", { type: "checkbox", disabled: true, checked: item.checked || null });
  const children = item.blocks.map((block) =>
    block.type === "paragraph"
      ? h("span", { class: "li-text" }, renderInlines(block.inlines))
      : renderBlock(block),
  );
  return h("li", item.checked === null ? null : { class: "task" }, box, children);
}

/** A fenced code block with a Copy button (the clipboard gets the text exactly as shown). */
function codeBlock(language: string, text: string): HTMLElement {
  const copy = h("button", { type: "button", class: "copy-code", title: "Copy code" }, "Copy");
  copy.addEventListener("click", () => {
    const done = (label: string) => {
      copy.textContent = label;
      setTimeout(() => {
        copy.textContent = "Copy";
      }, 1500);
    };
    navigator.clipboard.writeText(text).then(
      () => done("Copied"),
      () => done("Copy failed"),
    );
  });
  return h(
    "div",
    { class: "code-block" },
    h("div", { class: "code-bar" }, h("span", { class: "code-language" }, language), copy),
    h("pre", { class: "code" }, h("code", { "data-language": language || null }, text)),
  );
}

/** Markdown text → a `.markdown` element. Safe for any input. */
export function renderMarkdown(text: string, className = "markdown"): HTMLElement {
  return h("div", { class: className }, parseMarkdown(text).map(renderBlock));
}
