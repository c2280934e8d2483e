// The Memory view: seven tabs (Sessions, Segments, Notes, Working memory, Recall, Context, Work). A tab
// loads fresh data each time it is opened; Refresh reloads the open one.
import { errorBox, h, loading } from "../dom.js";
import { renderContextTab } from "./context-tab.js";
import { renderNotesTab } from "./notes-tab.js";
import { renderRecallTab } from "./recall-tab.js";
import { renderSegmentsTab } from "./segments-tab.js";
import { renderSessionsTab } from "./sessions-tab.js";
import { renderWorkTab } from "./work-tab.js";
import { renderWorkingTab } from "./working-tab.js";

export const MEMORY_TABS = {
  sessions: { label: "Sessions", render: renderSessionsTab },
  segments: { label: "Segments", render: renderSegmentsTab },
  notes: { label: "Notes", render: renderNotesTab },
  working: { label: "Working memory", render: renderWorkingTab },
  recall: { label: "Recall", render: renderRecallTab },
  context: { label: "Context", render: renderContextTab },
  work: { label: "Work", render: renderWorkTab },
} as const;

export type MemoryTab = keyof typeof MEMORY_TABS;

export function isMemoryTab(value: string): value is MemoryTab {
  return value in MEMORY_TABS;
}

export class MemoryView {
  readonly element: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly tabs: HTMLElement;
  private current: MemoryTab = "sessions";
  /** Bumped on every load so a slow earlier load never overwrites a newer tab. */
  private generation = 0;

  constructor() {
    this.tabs = h(
      "nav",
      { class: "tabs", role: "tablist", "aria-label": "Memory" },
      Object.entries(MEMORY_TABS).map(([id, tab]) =>
        h(
          "a",
          { href: `#/memory/${id}`, role: "tab", "data-tab": id, "aria-selected": "false" },
          tab.label,
        ),
      ),
    );
    const refresh = h(
      "button",
      { type: "button", class: "refresh", title: "Reload this tab" },
      "Refresh",
    );
    refresh.addEventListener("click", () => void this.show(this.current));
    this.panel = h("div", { class: "tab-panel", role: "tabpanel" });
    this.element = h(
      "section",
      { class: "memory-view", "aria-label": "Memory" },
      h("div", { class: "tabs-bar" }, this.tabs, refresh),
      this.panel,
    );
  }

  async show(tab: MemoryTab): Promise<void> {
    this.current = tab;
    const generation = ++this.generation;
    for (const link of Array.from(this.tabs.querySelectorAll("a"))) {
      const active = link.dataset["tab"] === tab;
      link.setAttribute("aria-selected", String(active));
      // Where the tabs scroll sideways (a narrow window), the active one is brought into view.
      if (active) link.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    this.panel.dataset["tab"] = tab;
    this.panel.replaceChildren(loading());
    const target = h("div", { class: `tab-content tab-${tab}` });
    try {
      await MEMORY_TABS[tab].render(target);
      if (generation === this.generation) this.panel.replaceChildren(target);
    } catch (error) {
      if (generation === this.generation) this.panel.replaceChildren(errorBox(error));
    }
  }
}
