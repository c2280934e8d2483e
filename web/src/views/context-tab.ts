// Memory → Context: the prompt the model sees next turn. A stacked bar of system / summary /
// messages against the budget, then the system prompt split into its tagged sections, each
// collapsible with its exact token cost.
import { api, type ContextStats } from "../api.js";
import { meter, stackedBar } from "../charts.js";
import { h } from "../dom.js";
import { formatNumber, formatSeqRange } from "../format.js";
import { type PromptSection, parsePromptSections, sectionLabel } from "../prompt-sections.js";

function budgetCard(stats: ContextStats): HTMLElement {
  const { system, summary, messages, total } = stats.tokens;
  // autoRecall keeps room for a turn's <recall> block (on its user message): not free to fill.
  const recall = Math.min(stats.recallRoom, Math.max(0, stats.maxContextTokens - total));
  const free = Math.max(0, stats.maxContextTokens - total - recall);
  return h(
    "section",
    { class: "card" },
    h("h2", null, "Budget"),
    h(
      "p",
      { class: "muted" },
      `${formatNumber(total)} of ${formatNumber(stats.maxContextTokens)} tokens · `,
      `${formatNumber(stats.trimmedCount)} messages trimmed and summarized · `,
      `window: messages ${formatSeqRange(stats.window.seqStart, stats.window.seqEnd)}`,
    ),
    stackedBar(
      [
        { label: "system", value: system, kind: "tokens-system" },
        { label: "summary", value: summary, kind: "tokens-summary" },
        { label: "messages", value: messages, kind: "tokens-messages" },
        ...(recall > 0 ? [{ label: "recall room", value: recall, kind: "tokens-recall" }] : []),
        { label: "free", value: free, kind: "tokens-free" },
      ],
      Math.max(stats.maxContextTokens, total),
      "Context tokens by part",
    ),
  );
}

function sectionElement(section: PromptSection, largest: number): HTMLElement {
  const tokens = section.tokens;
  return h(
    "details",
    {
      class: `prompt-section tag-${section.tag.replace(/[^a-z0-9_-]/gi, "")}`,
      "data-tag": section.tag,
    },
    h(
      "summary",
      null,
      h("code", { class: "section-tag" }, `<${section.tag}>`),
      h("span", { class: "section-label" }, sectionLabel(section)),
      meter(tokens ?? 0, largest),
      h("span", { class: "section-tokens" }, tokens === null ? "—" : `${formatNumber(tokens)} tok`),
    ),
    h("pre", { class: "section-body" }, section.body),
  );
}

export async function renderContextTab(panel: HTMLElement): Promise<void> {
  const [prompt, stats] = await Promise.all([api.contextSystem(), api.contextStats()]);
  const sections = parsePromptSections(prompt, stats.sections);
  const largest = Math.max(1, ...sections.map((section) => section.tokens ?? 0));
  const expand = h("button", { type: "button" }, "Expand all");
  expand.addEventListener("click", () => {
    const open = expand.textContent === "Expand all";
    for (const details of Array.from(
      panel.querySelectorAll<HTMLDetailsElement>("details.prompt-section"),
    )) {
      details.open = open;
    }
    expand.textContent = open ? "Collapse all" : "Expand all";
  });
  panel.replaceChildren(
    budgetCard(stats),
    h(
      "section",
      { class: "card" },
      h(
        "header",
        { class: "card-header" },
        h("h2", null, `System prompt · ${sections.length} sections`),
        expand,
      ),
      h(
        "div",
        { class: "prompt-sections" },
        sections.map((section) => sectionElement(section, largest)),
      ),
    ),
  );
}
