// The logged-in page: a header (agent, navigation, connection and memory state, logout) over the
// chat, memory and pairing views. Routes live in the URL hash: #/chat, #/memory/<tab>, #/pairing.
import type { AgentStatus, MemoryState } from "../../../src/kernel/index.js";
import { h } from "../dom.js";
import type { ConnectionState } from "../event-stream.js";
import { ChatView } from "./chat-view.js";
import { isMemoryTab, type MemoryTab, MemoryView } from "./memory-view.js";
import { PairingView } from "./pairing-view.js";

/** People waiting for approval on every chat channel. */
export function pendingCodes(status: AgentStatus): number {
  return status.channels.reduce((sum, channel) => sum + channel.pendingCodes, 0);
}

type Route = { view: "chat" } | { view: "memory"; tab: MemoryTab } | { view: "pairing" };

/** Reads a hash like `#/memory/segments`; anything unknown is the chat. */
export function parseRoute(hash: string): Route {
  const [, view, tab] = hash.split("/");
  if (view === "memory") return { view, tab: tab && isMemoryTab(tab) ? tab : "sessions" };
  if (view === "pairing") return { view };
  return { view: "chat" };
}

const CONNECTION_LABELS: Record<ConnectionState, string> = {
  connecting: "connecting…",
  open: "live",
  offline: "offline — retrying",
};

export class AppShell {
  readonly element: HTMLElement;
  readonly chat = new ChatView();
  private readonly memory = new MemoryView();
  private readonly pairing = new PairingView();
  private readonly connection: HTMLElement;
  private readonly memoryState: HTMLElement;
  private readonly nav: HTMLElement;

  private readonly pendingBadge = h("span", { class: "nav-badge", hidden: true });

  constructor(status: AgentStatus, onLogout: () => void) {
    this.connection = h(
      "span",
      { class: "connection connecting", role: "status" },
      CONNECTION_LABELS.connecting,
    );
    this.memoryState = h("span", { class: "memory-state muted" });
    this.nav = h(
      "nav",
      { class: "main-nav" },
      h("a", { href: "#/chat", "data-view": "chat" }, "Chat"),
      h("a", { href: "#/memory/sessions", "data-view": "memory" }, "Memory"),
      h("a", { href: "#/pairing", "data-view": "pairing" }, "Pairing", this.pendingBadge),
    );
    const logout = h("button", { type: "button", class: "link" }, "Log out");
    logout.addEventListener("click", onLogout);
    const header = h(
      "header",
      { class: "app-header" },
      h(
        "div",
        { class: "brand" },
        h("strong", null, "kern"),
        h("span", { class: "agent-name" }, status.agent),
        h("span", { class: "model muted" }, status.model ?? "no model"),
      ),
      this.nav,
      h("div", { class: "header-status" }, this.memoryState, this.connection, logout),
    );
    this.element = h(
      "div",
      { class: "app" },
      header,
      h("main", { class: "views" }, this.chat.element, this.memory.element, this.pairing.element),
    );
    this.setMemory(status.memory);
    this.setPendingPairings(pendingCodes(status));
  }

  /** The badge on Pairing: how many chat users wait for approval (hidden at zero). */
  setPendingPairings(count: number): void {
    this.pendingBadge.hidden = count === 0;
    this.pendingBadge.textContent = String(count);
    this.pendingBadge.setAttribute("aria-label", `${count} waiting for approval`);
  }

  setConnection(state: ConnectionState): void {
    this.connection.className = `connection ${state}`;
    this.connection.textContent = CONNECTION_LABELS[state];
  }

  setMemory(state: MemoryState): void {
    const levels = Object.entries(state.segments)
      .map(([level, count]) => `${level} ${count}`)
      .join(" · ");
    const work = state.status === "running" ? `summarizing (${state.pendingJobs})` : "memory idle";
    this.memoryState.textContent = levels ? `${work} · ${levels}` : work;
  }

  /** Shows the view the hash names; unknown hashes show the chat. */
  route(hash: string): void {
    const route = parseRoute(hash);
    this.chat.element.hidden = route.view !== "chat";
    this.memory.element.hidden = route.view !== "memory";
    this.pairing.element.hidden = route.view !== "pairing";
    for (const link of Array.from(this.nav.querySelectorAll("a"))) {
      link.classList.toggle("active", link.dataset["view"] === route.view);
    }
    if (route.view === "memory") void this.memory.show(route.tab);
    else if (route.view === "pairing") void this.pairing.show();
    else this.chat.focus();
  }
}
