// Memory → Notes: the notes summary the prompt carries (regenerate on demand), the latest daily
// note, and the earlier ones it summarizes.
import type { NotesView } from "../../../src/kernel/index.js";
import { api } from "../api.js";
import { errorBox, h } from "../dom.js";
import { formatTime } from "../format.js";
import { renderMarkdown } from "../markdown-render.js";

function summaryCard(view: NotesView, onRegenerate: (button: HTMLButtonElement) => void) {
  const button = h("button", { type: "button", class: "primary" }, "Regenerate");
  button.addEventListener("click", () => onRegenerate(button));
  return h(
    "section",
    { class: "card notes-summary" },
    h("header", { class: "card-header" }, h("h2", null, "Notes summary"), button),
    h(
      "p",
      { class: "muted" },
      `Updated ${formatTime(view.summaryUpdatedAt)} · injected as <notes_summary>`,
    ),
    view.summary ? renderMarkdown(view.summary) : h("p", { class: "muted" }, "No summary yet."),
  );
}

function latestCard(view: NotesView): HTMLElement {
  if (!view.latest)
    return h("section", { class: "card" }, h("p", { class: "muted" }, "No daily notes yet."));
  return h(
    "section",
    { class: "card" },
    h("h2", null, "Latest note ", h("code", null, view.latest.path)),
    renderMarkdown(view.latest.content),
  );
}

export async function renderNotesTab(panel: HTMLElement): Promise<void> {
  const render = (view: NotesView) => {
    const regenerate = async (button: HTMLButtonElement) => {
      button.disabled = true;
      button.textContent = "Regenerating…";
      try {
        render(await api.regenerateNotes());
      } catch (error) {
        button.disabled = false;
        button.textContent = "Regenerate";
        button.after(errorBox(error));
      }
    };
    panel.replaceChildren(
      summaryCard(view, (button) => void regenerate(button)),
      latestCard(view),
      h(
        "section",
        { class: "card" },
        h("h2", null, "Summarized notes"),
        view.previous.length === 0
          ? h("p", { class: "muted" }, "None.")
          : h(
              "ul",
              { class: "plain-list" },
              view.previous.map((path) => h("li", null, h("code", null, path))),
            ),
      ),
    );
  };
  render(await api.notes());
}
