// The working memory's markdown (SPEC §4) split into its `## ` sections for the Memory view, each
// with its body (still markdown, rendered by markdown-render.ts) and how many items it lists.
// Pure: no DOM.

export interface WorkingMemorySection {
  title: string;
  /** The markdown under the heading, trimmed; empty when the section has no lines. */
  body: string;
  /** Top-level list items (`- …`). */
  items: number;
  /** No content: no lines, or the store's `_none yet_` placeholder. */
  empty: boolean;
}

const HEADING = /^## +(.+?)\s*$/;
const TOP_LEVEL_ITEM = /^[-*+] /;

function toSection(title: string, lines: string[]): WorkingMemorySection {
  const body = lines.join("\n").trim();
  const items = lines.filter((line) => TOP_LEVEL_ITEM.test(line)).length;
  return { title, body, items, empty: body === "" || /^_none yet_$/i.test(body) };
}

/**
 * The sections in document order. Text before the first heading (a hand-edited file) becomes a
 * section titled "Notes"; blank documents give no sections. Never throws.
 */
export function splitWorkingMemory(markdown: string): WorkingMemorySection[] {
  const sections: WorkingMemorySection[] = [];
  let title: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (title !== null) sections.push(toSection(title, lines));
    else if (lines.join("").trim()) sections.push(toSection("Notes", lines));
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = line.match(HEADING);
    if (heading) {
      flush();
      title = heading[1] ?? "";
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}
