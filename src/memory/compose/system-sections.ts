// The tagged sections of the system prompt (SPEC §5) and their exact token costs. Sections are
// joined by a blank line; because each starts with `<` and ends with `>`, o200k tokenizes the
// joined prompt exactly as the sum of `section + "\n\n"` costs, so sections are counted (and
// cached) one by one instead of re-counting the whole prompt every turn. Pure apart from counting.
import type { AgentDocument } from "../../agent/index.js";
import { neutralize } from "../../kernel/index.js";
import { countTokens } from "../text/count-tokens.js";

export interface SystemSection {
  tag: string;
  /** The document path for `<document>` sections, else null. */
  path: string | null;
  text: string;
  /**
   * The exact cost of `text + trailing`, when the builder already knows it (the summary block
   * sums its pieces): a 270k-character block is not re-tokenized on every re-trim.
   */
  cost?: (trailing: string) => number;
}

export const SECTION_SEPARATOR = "\n\n";

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/** `<tag>\ncontent\n</tag>` (or with a `path` attribute for documents). */
export function renderSection(
  tag: string,
  content: string,
  path: string | null = null,
): SystemSection {
  const open = path === null ? `<${tag}>` : `<${tag} path="${escapeAttribute(path)}">`;
  // Documents, tool descriptions and memory are outside text: no kern tag or envelope inside.
  // KERN.md is the runtime's own description of those markers, so it may name them.
  const body =
    tag === "document" && path === "KERN.md" ? content.trim() : neutralize(content.trim());
  return { tag, path, text: `${open}\n${body}\n</${tag}>` };
}

/**
 * Rendered sections by tag and path, reused while their content is the same string: the prompt's
 * texts stay the same objects from compose to compose, so comparing and counting them is cheap
 * (a freshly rendered ~300 KB text is copied and hashed again on every use).
 */
export class SectionCache {
  private readonly rendered = new Map<string, { content: string; section: SystemSection }>();

  render(tag: string, content: string, path: string | null = null): SystemSection {
    const key = path === null ? tag : `${tag} ${path}`;
    const cached = this.rendered.get(key);
    if (cached?.content === content) return cached.section;
    const section = renderSection(tag, content, path);
    if (this.rendered.size >= 256) this.rendered.clear();
    this.rendered.set(key, { content, section });
    return section;
  }
}

/** A tagged text of the system prompt a plugin adds. */
export interface PromptText {
  tag: string;
  text: string;
}

export interface FixedSectionsOptions {
  documents: readonly AgentDocument[];
  notesSummary: string | null;
  toolsText: string;
  /**
   * Sections plugins add (`<skills>`): after every part that stays put, so the cached prompt
   * prefix holds (SPEC §14, §17); an empty one is left out.
   */
  extraSections?: readonly PromptText[];
  workingMemory: string | null;
}

/** The sections before `<conversation_summary>`, in SPEC §5 order; empty ones are left out. */
export function buildFixedSections(
  options: FixedSectionsOptions,
  cache: SectionCache = new SectionCache(),
): SystemSection[] {
  const sections = options.documents.map((document) =>
    cache.render("document", document.content, document.path),
  );
  if (options.notesSummary?.trim())
    sections.push(cache.render("notes_summary", options.notesSummary));
  if (options.toolsText.trim()) sections.push(cache.render("tools", options.toolsText));
  for (const extra of options.extraSections ?? [])
    if (extra.text.trim()) sections.push(cache.render(extra.tag, extra.text));
  if (options.workingMemory?.trim()) {
    sections.push(cache.render("working_memory", options.workingMemory));
  }
  return sections;
}

/** The system prompt: sections joined by a blank line. */
export function joinSections(sections: readonly SystemSection[]): string {
  return sections.map((section) => section.text).join(SECTION_SEPARATOR);
}

/**
 * Remembers token counts of recent texts (documents and tools rarely change between turns), keyed
 * by the text and what follows it, so a lookup never builds (and hashes) `text + trailing`.
 */
export class TextTokenCache {
  private readonly counts = new Map<string, Map<string, number>>();

  constructor(private readonly maxEntries = 256) {}

  count(text: string, trailing = ""): number {
    let byTrailing = this.counts.get(text);
    const cached = byTrailing?.get(trailing);
    if (cached !== undefined) return cached;
    const tokens = countTokens(text + trailing);
    if (!byTrailing) {
      if (this.counts.size >= this.maxEntries) {
        const oldest = this.counts.keys().next();
        if (!oldest.done) this.counts.delete(oldest.value);
      }
      byTrailing = new Map();
      this.counts.set(text, byTrailing);
    }
    byTrailing.set(trailing, tokens);
    return tokens;
  }
}

/**
 * Each section's share of `countTokens(joinSections(sections))`, exactly: a section's cost
 * includes the separator after it (none after the last).
 */
export function sectionTokens(sections: readonly SystemSection[], cache: TextTokenCache): number[] {
  return sections.map((section, index) => {
    const trailing = index < sections.length - 1 ? SECTION_SEPARATOR : "";
    return section.cost ? section.cost(trailing) : cache.count(section.text, trailing);
  });
}
