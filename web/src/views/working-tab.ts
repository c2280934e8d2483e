// Memory → Working memory: the session's structured working memory (SPEC §4) that the prompt
// carries as <working_memory>. When and how it was last written, then its sections (Task State,
// Decisions, Files & Code, Important Context, User Preferences) rendered with the safe markdown
// renderer, and the exact markdown as injected. Before the first update: an empty state.
import type { WorkingMemoryResponse as WorkingMemoryView } from "../../../src/protocol/index.js";
import { ApiError, api } from "../api.js";
import { h } from "../dom.js";
import { formatNumber, formatTime } from "../format.js";
import { renderMarkdown } from "../markdown-render.js";
import { splitWorkingMemory, type WorkingMemorySection } from "../working-memory-sections.js";

/** `rules` or `llm:<model>` as people read it (rules also run on an agent with a model). */
function methodLabel(method: string): string {
  if (method === "rules") return "rules (no model call)";
  return method.startsWith("llm:") ? `model ${method.slice(4)}` : method;
}

function fact(label: string, value: string | Node): HTMLElement {
  return h("div", null, h("dt", null, label), h("dd", null, value));
}

function overviewCard(view: WorkingMemoryView): HTMLElement {
  return h(
    "section",
    { class: "card working-overview" },
    h("h2", null, "Working memory"),
    h(
      "p",
      { class: "muted" },
      "Updated by the background processor after each turn · injected as <working_memory>",
    ),
    h(
      "dl",
      { class: "facts" },
      fact("Updated", h("time", { datetime: view.updatedAt }, formatTime(view.updatedAt))),
      fact("Method", h("span", { class: "working-method" }, methodLabel(view.method))),
      fact("Seen through", `message ${formatNumber(Math.max(0, view.seqEnd - 1))}`),
      fact("Session", h("code", { class: "session-id" }, view.session)),
    ),
  );
}

/** `(seq 12)` / `(last seen seq 30)` item suffixes, and the `Now:` / `reason:` / date labels. */
const SEQ_REF = /\((?:last seen )?seq \d+\)/;
const LABEL = /^(?:Now|Next|reason|\d{4}-\d{2}-\d{2}):/;

/** Splits a text node so `pattern`'s matches sit in spans of `className`; text nodes only. */
function wrapMatches(node: Text, pattern: RegExp, className: string): void {
  const text = node.data;
  const parts: Node[] = [];
  let cursor = 0;
  for (const match of text.matchAll(new RegExp(pattern.source, "g"))) {
    parts.push(document.createTextNode(text.slice(cursor, match.index)));
    parts.push(h("span", { class: className }, match[0]));
    cursor = match.index + match[0].length;
  }
  if (parts.length === 0) return;
  parts.push(document.createTextNode(text.slice(cursor)));
  node.replaceWith(...parts);
}

/** Marks each item's label and quiets its seq reference, in place: text nodes only. */
function decorate(body: HTMLElement): HTMLElement {
  for (const item of Array.from(body.querySelectorAll("li"))) {
    const first = item.firstChild;
    if (first instanceof Text && LABEL.test(first.data)) wrapMatches(first, LABEL, "wm-label");
    for (const node of Array.from(item.childNodes)) {
      if (node instanceof Text) wrapMatches(node, SEQ_REF, "seq-ref");
    }
  }
  return body;
}

/** A section as a card: the heading with its item count (the task state is one item), then its
 *  markdown. */
function sectionCard(section: WorkingMemorySection): HTMLElement {
  const { empty } = section;
  const slug = section.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return h(
    "section",
    {
      class: `card working-section working-${slug}${empty ? " empty" : ""}`,
      "data-section": section.title,
    },
    h(
      "h2",
      null,
      section.title,
      section.items > 0 && section.title !== "Task State"
        ? h("span", { class: "badge" }, String(section.items))
        : null,
    ),
    empty
      ? h("p", { class: "muted" }, "Nothing yet.")
      : decorate(renderMarkdown(section.body, "markdown working-body")),
  );
}

function rawCard(content: string): HTMLElement {
  return h(
    "details",
    { class: "card working-raw" },
    h("summary", null, "Markdown as injected into the prompt"),
    h("pre", { class: "section-body" }, content),
  );
}

function emptyState(): HTMLElement {
  return h(
    "section",
    { class: "card working-empty" },
    h("h2", null, "Working memory"),
    h("p", { class: "empty-title" }, "No working memory yet — it is written after each turn."),
    h(
      "p",
      { class: "muted" },
      "After a turn the background processor records the task state, decisions, files, " +
        "important context and preferences of this session; the prompt carries them as " +
        "<working_memory>. It is kept only when workingMemory is true in .kern/config.json.",
    ),
  );
}

export async function renderWorkingTab(panel: HTMLElement): Promise<void> {
  let view: WorkingMemoryView;
  try {
    view = await api.workingMemory();
  } catch (error) {
    if (error instanceof ApiError && error.code === "KERN_NOT_FOUND") {
      panel.replaceChildren(emptyState());
      return;
    }
    throw error;
  }
  const sections = splitWorkingMemory(view.content);
  panel.replaceChildren(
    overviewCard(view),
    sections.length === 0
      ? h("section", { class: "card" }, h("p", { class: "muted" }, "The working memory is empty."))
      : h("div", { class: "working-sections" }, sections.map(sectionCard)),
    rawCard(view.content),
  );
}
