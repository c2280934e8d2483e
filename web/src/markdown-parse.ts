// The page's markdown parser is the one every interface uses: `marked`'s lexer turned into a small
// tree of plain strings (src/kernel/markdown.ts). markdown-render.ts draws it with textContent.
export {
  type Block,
  type Inline,
  type ListItem,
  parseInline,
  parseMarkdown,
  safeHref,
} from "../../src/kernel/markdown.js";
