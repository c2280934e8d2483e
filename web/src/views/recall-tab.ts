// Memory → Recall: what the index holds, and hybrid search over every session with each hit's
// snippet (query words marked), score, session and message range.
import { recallAssistLines } from "../../../src/kernel/format-views.js";
import type { RecallReport, RecallStats } from "../../../src/kernel/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";
import { formatNumber, formatSeqRange, formatTime } from "../format.js";

/** Lowercased without diacritics, as the index (unicode61, remove_diacritics 2) compares words. */
function fold(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/** Full-text hits come with each matched word in [brackets] (docs/cli.md); they become <mark>. */
function markedHits(text: string, query: string): Node[] | null {
  const terms = new Set(fold(query).match(/[\p{L}\p{N}]+/gu) ?? []);
  const nodes: Node[] = [];
  let cursor = 0;
  for (const match of text.matchAll(/\[([\p{L}\p{N}]+)\]/gu)) {
    const word = match[1] ?? "";
    // Literal brackets (log lines like "keyspace[8365]") stay: only a query word is a marker.
    if (!terms.has(fold(word))) continue;
    nodes.push(document.createTextNode(text.slice(cursor, match.index)), h("mark", null, word));
    cursor = match.index + match[0].length;
  }
  if (nodes.length === 0) return null;
  nodes.push(document.createTextNode(text.slice(cursor)));
  return nodes;
}

/** The snippet as text nodes, with the query's words wrapped in <mark>. */
function highlight(text: string, query: string): Node[] {
  const marked = markedHits(text, query);
  if (marked) return marked;
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 1);
  if (words.length === 0) return [document.createTextNode(text)];
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(${escaped.join("|")})`, "gi");
  return text
    .split(pattern)
    .map((part, index) =>
      index % 2 === 1 ? h("mark", null, part) : document.createTextNode(part),
    );
}

function statsCard(stats: RecallStats): HTMLElement {
  const fact = (label: string, value: string) =>
    h("div", null, h("dt", null, label), h("dd", null, value));
  return h(
    "section",
    { class: "card" },
    h("h2", null, "Index"),
    h(
      "dl",
      { class: "facts" },
      fact("Messages", formatNumber(stats.messages)),
      fact("Sessions", formatNumber(stats.sessions)),
      fact("Vectors", formatNumber(stats.vectors)),
      fact("From", formatTime(stats.firstTs)),
      fact("To", formatTime(stats.lastTs)),
    ),
  );
}

/** The results, then what the chat model did for the search (config recallAssist), if asked. */
function searchOutput(report: RecallReport): HTMLElement[] {
  const assist = recallAssistLines(report);
  if (assist.length === 0) return [resultList(report)];
  return [
    resultList(report),
    h(
      "ul",
      { class: "muted recall-assist", "aria-label": "The chat model's help" },
      assist.map((line) => h("li", null, line)),
    ),
  ];
}

function resultList(report: RecallReport): HTMLElement {
  if (report.results.length === 0)
    return h("p", { class: "muted" }, `No close matches for “${report.query}”.`);
  return h(
    "ol",
    { class: "recall-results" },
    report.results.map((result) =>
      h(
        "li",
        { class: "card recall-result" },
        h("p", { class: "snippet" }, highlight(result.snippet, report.query)),
        h(
          "p",
          { class: "muted result-meta" },
          h("span", null, `score ${result.score.toFixed(4)}`),
          h(
            "span",
            null,
            `${result.seqEnd - result.seqStart <= 1 ? "message" : "messages"} ${formatSeqRange(result.seqStart, result.seqEnd)}`,
          ),
          h("code", null, result.session),
          h("time", { datetime: result.ts }, formatTime(result.ts)),
        ),
      ),
    ),
  );
}

function searchForm(results: HTMLElement): HTMLElement {
  const input = h("input", {
    type: "search",
    name: "q",
    placeholder: "Search every session…",
    required: true,
    "aria-label": "Search query",
  });
  const k = h(
    "select",
    { name: "k", "aria-label": "Results" },
    [5, 10, 20, 50].map((n) => h("option", { value: n, selected: n === 10 }, `${n} results`)),
  );
  const form = h(
    "form",
    { class: "search-form" },
    input,
    k,
    h("button", { type: "submit", class: "primary" }, "Search"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = input.value.trim();
    if (!query) return;
    results.replaceChildren(loading("Searching…"));
    api.recall(query, Number(k.value)).then(
      (report) => results.replaceChildren(...searchOutput(report)),
      (error: unknown) => results.replaceChildren(errorBox(error)),
    );
  });
  return form;
}

export async function renderRecallTab(panel: HTMLElement): Promise<void> {
  const stats = await api.recallStats();
  const results = h("div", { class: "recall-output" });
  panel.replaceChildren(
    statsCard(stats),
    h("section", { class: "card" }, h("h2", null, "Search"), searchForm(results), results),
  );
}
