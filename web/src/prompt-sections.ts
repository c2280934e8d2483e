// Splits the composed system prompt into its top-level tagged sections (SPEC §5): `<document
// path="…">`, `<notes_summary>`, `<tools>`, `<working_memory>`, `<conversation_summary>`,
// `<recall>`, and any untagged text between them. Pure: no DOM.

export interface PromptSection {
  tag: string;
  path: string | null;
  body: string;
  /** Exact tokens from /context/stats, or null when the stats have no matching section. */
  tokens: number | null;
}

export interface SectionTokens {
  tag: string;
  path: string | null;
  tokens: number;
}

const OPEN_TAG = /^<([a-z][a-z0-9_-]*)((?:\s+[a-z_-]+="[^"]*")*)\s*>[ \t]*$/gm;

function pathOf(attributes: string): string | null {
  return /\bpath="([^"]*)"/.exec(attributes)?.[1] ?? null;
}

/**
 * Index just past the `</tag>` that closes the tag opened before `from`, honouring nesting. kern
 * writes its tags on lines of their own, so a tag quoted inside a line (KERN.md names them in
 * backticks) is text, not structure.
 */
function findClose(prompt: string, tag: string, from: number): { bodyEnd: number; end: number } {
  const pattern = new RegExp(`^<(/?)${tag}(?:\\s[^>]*)?>[ \\t]*$`, "gm");
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(prompt); match; match = pattern.exec(prompt)) {
    depth += match[1] === "/" ? -1 : 1;
    if (depth === 0) return { bodyEnd: match.index, end: match.index + match[0].length };
  }
  return { bodyEnd: prompt.length, end: prompt.length };
}

function trimNewlines(text: string): string {
  return text.replace(/^\n+/, "").replace(/\n+$/, "");
}

/** The prompt's top-level sections in order; text outside any tag becomes a `text` section. */
export function parsePromptSections(prompt: string, stats: SectionTokens[] = []): PromptSection[] {
  const sections: Array<Omit<PromptSection, "tokens">> = [];
  let cursor = 0;
  OPEN_TAG.lastIndex = 0;
  for (let open = OPEN_TAG.exec(prompt); open; open = OPEN_TAG.exec(prompt)) {
    if (open.index < cursor) continue;
    const between = prompt.slice(cursor, open.index);
    if (between.trim()) sections.push({ tag: "text", path: null, body: trimNewlines(between) });
    const tag = open[1] ?? "";
    const close = findClose(prompt, tag, open.index + open[0].length);
    const body = prompt.slice(open.index + open[0].length, close.bodyEnd);
    sections.push({ tag, path: pathOf(open[2] ?? ""), body: trimNewlines(body) });
    cursor = close.end;
    OPEN_TAG.lastIndex = close.end;
  }
  const rest = prompt.slice(cursor);
  if (rest.trim()) sections.push({ tag: "text", path: null, body: trimNewlines(rest) });
  return attachTokens(sections, stats);
}

/** Pairs sections with stats entries of the same tag and path, in order. */
function attachTokens(
  sections: Array<Omit<PromptSection, "tokens">>,
  stats: SectionTokens[],
): PromptSection[] {
  const unused = [...stats];
  return sections.map((section) => {
    const index = unused.findIndex(
      (entry) => entry.tag === section.tag && entry.path === section.path,
    );
    const [entry] = index >= 0 ? unused.splice(index, 1) : [];
    return { ...section, tokens: entry ? entry.tokens : null };
  });
}

/** A readable label: `AGENTS.md` for documents, `notes summary` for `notes_summary`. */
export function sectionLabel(section: { tag: string; path: string | null }): string {
  if (section.path) return section.path;
  return section.tag.replace(/_/g, " ");
}
