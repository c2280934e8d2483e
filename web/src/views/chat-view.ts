// The chat: history (older pages load as you scroll up), live turns from the event stream, and
// the composer. A message you send shows at once and is matched to its turn when events arrive.
import type { MediaAttachment } from "../../../src/kernel/index.js";
import type { StreamEvent } from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h } from "../dom.js";
import { toHistoryItems, toolNames } from "../history-items.js";
import { historyItemElement, LiveTurn } from "./chat-items.js";
import { type Composer, createComposer } from "./composer.js";
import { localCommand } from "./local-commands.js";

type Envelope = Extract<StreamEvent, { type: "turn-start" }>["envelope"];

const PAGE_SIZE = 50;
/** Within this many pixels of the bottom, new output keeps the view scrolled down. */
const STICKY_PX = 120;

export class ChatView {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly sentinel: HTMLElement;
  private readonly composer: Composer;
  private readonly turns = new Map<string, LiveTurn>();
  /** Sent from this page, not yet matched to a turn id. */
  private readonly pending: Array<{ text: string; turn: LiveTurn }> = [];
  private running: string | null = null;
  private stick = true;
  private oldest: number | null = null;
  private hasMore = false;
  private loadingOlder = false;

  constructor() {
    this.sentinel = h("div", { class: "history-sentinel muted" });
    this.list = h("div", { class: "messages", role: "log", "aria-live": "polite" }, this.sentinel);
    this.composer = createComposer({
      onSend: (text, attachments) => this.send(text, attachments),
      onCancel: () => {
        if (this.running) void api.cancelTurn(this.running);
      },
    });
    this.element = h(
      "section",
      { class: "chat-view", "aria-label": "Chat" },
      this.list,
      this.composer.element,
    );
    this.acceptDrops();
    this.list.addEventListener("scroll", () => {
      const list = this.list;
      this.stick = list.scrollHeight - list.scrollTop - list.clientHeight < STICKY_PX;
    });
    // A smaller window (a phone's keyboard opening, a rotation) keeps a view that followed the
    // newest message at the bottom: shrinking moves no scrollTop, so no scroll event says so.
    new ResizeObserver(() => this.scrollIfSticky()).observe(this.list);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void this.loadOlder();
      },
      { root: this.list, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(this.sentinel);
  }

  focus(): void {
    this.composer.focus();
  }

  /** Loads the newest page: on start, and after a reconnect (events may have been missed). */
  async reload(): Promise<void> {
    const page = await api.history({ limit: PAGE_SIZE });
    this.turns.clear();
    this.pending.length = 0;
    const items = toHistoryItems(page.messages).map(historyItemElement);
    if (items.length === 0)
      items.push(h("p", { class: "muted empty" }, "No messages yet. Say hello."));
    this.list.replaceChildren(this.sentinel, ...items);
    this.oldest = page.messages[0]?.seq ?? null;
    this.hasMore = page.hasMore;
    this.updateSentinel();
    this.stick = true;
    this.scrollIfSticky();
  }

  handleEvent(event: StreamEvent): void {
    switch (event.type) {
      case "turn-queue":
        this.turnFor(event.turnId, event.envelope);
        break;
      case "turn-start":
        this.turnFor(event.turnId, event.envelope).markStarted();
        this.setRunning(event.turnId);
        break;
      case "text-delta":
        this.turnFor(event.turnId).appendText(event.text, () => this.scrollIfSticky());
        break;
      case "tool-call":
        this.turnFor(event.turnId).addToolCall(event.callId, event.name, event.arguments);
        break;
      case "tool-result":
        this.turnFor(event.turnId).setToolResult(event.callId, event.output, event.isError);
        break;
      case "command-result":
        this.turnFor(event.turnId).addCommandResult(event.command, event.text);
        break;
      case "turn-end":
        this.turnFor(event.turnId).end(event);
        this.turns.delete(event.turnId);
        if (this.running === event.turnId) this.setRunning(null);
        break;
      case "error":
        if (event.turnId) this.turnFor(event.turnId).showError(`${event.code}: ${event.message}`);
        else this.list.append(errorBox(`${event.code}: ${event.message}`));
        break;
      case "import-progress":
        this.turnFor(event.turnId).showProgress(
          `import: ${event.phase} ${event.done}/${event.total}`,
        );
        break;
      case "memory-update":
      case "pairing-update":
      case "model-call":
        return;
      case "approval-request":
      case "approval-end":
        // The Work tab lists them with Approve / Deny; the chat shows one line each.
        this.list.append(approvalNotice(event));
        break;
      default: {
        const unreachable: never = event; // openEventStream passes known types only
        throw new Error(`unhandled event ${JSON.stringify(unreachable)}`);
      }
    }
    this.scrollIfSticky();
  }

  /** Files dropped anywhere on the chat go with the next message. */
  private acceptDrops(): void {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") === true;
    let depth = 0;
    this.element.addEventListener("dragenter", (event) => {
      if (!hasFiles(event)) return;
      depth += 1;
      this.element.classList.add("dropping");
    });
    this.element.addEventListener("dragleave", () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) this.element.classList.remove("dropping");
    });
    this.element.addEventListener("dragover", (event) => {
      if (hasFiles(event)) event.preventDefault(); // allows the drop
    });
    this.element.addEventListener("drop", (event) => {
      depth = 0;
      this.element.classList.remove("dropping");
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      this.composer.addFiles(files);
    });
  }

  private async send(text: string, attachments: MediaAttachment[] = []): Promise<void> {
    const local = attachments.length === 0 ? localCommand(text) : null;
    if (local) return this.answerLocally(text, local.command, local.answer);
    const turn = new LiveTurn("");
    turn.setUser(text, { ts: new Date().toISOString(), queued: true, attachments });
    const entry = { text, turn };
    this.pending.push(entry);
    this.appendTurn(turn.element);
    this.stick = true;
    this.scrollIfSticky();
    try {
      const ids = attachments.map((attachment) => attachment.id);
      const { turnId } = await api.sendMessage(text, ids);
      const index = this.pending.indexOf(entry);
      if (index < 0) return; // the event stream already matched it to its turn
      this.pending.splice(index, 1);
      if (this.turns.has(turnId)) turn.element.remove();
      else {
        turn.assignId(turnId);
        this.turns.set(turnId, turn);
      }
    } catch (error) {
      const index = this.pending.indexOf(entry);
      if (index >= 0) this.pending.splice(index, 1);
      turn.element.remove();
      throw error;
    }
  }

  /** A command the page answered itself: shown like the runtime's, stored nowhere. */
  private async answerLocally(text: string, command: string, answer: Promise<string>) {
    const turn = new LiveTurn("");
    turn.setUser(text, { ts: new Date().toISOString() });
    this.appendTurn(turn.element);
    turn.addCommandResult(command, await answer);
    turn.end({ type: "turn-end", turnId: "", text: "", stopReason: "command" });
    this.stick = true;
    this.scrollIfSticky();
  }

  /** Tool results shown before their call's page loaded get the call's name once it has. */
  private nameToolResults(names: ReadonlyMap<string, string>): void {
    for (const label of Array.from(this.list.querySelectorAll(".tool-name[data-unnamed]"))) {
      const callId = label.closest("details.tool")?.getAttribute("data-call-id") ?? "";
      const name = names.get(callId);
      if (!name) continue;
      label.textContent = name;
      label.removeAttribute("data-unnamed");
    }
  }

  /** Adds a turn to the list; the "No messages yet" line goes with the first one. */
  private appendTurn(element: HTMLElement): void {
    this.list.querySelector(":scope > .empty")?.remove();
    this.list.append(element);
  }

  private turnFor(turnId: string, envelope?: Envelope): LiveTurn {
    const known = this.turns.get(turnId);
    if (known) return known;
    const index =
      envelope?.interface === "web"
        ? this.pending.findIndex((entry) => entry.text === (envelope.caption ?? envelope.text))
        : -1;
    const adopted = index >= 0 ? this.pending.splice(index, 1)[0]?.turn : undefined;
    const turn = adopted ?? new LiveTurn(turnId);
    turn.assignId(turnId);
    if (!adopted) this.appendTurn(turn.element);
    this.turns.set(turnId, turn);
    if (envelope && !turn.hasUser()) {
      const files = envelope.attachments ?? [];
      const text = files.length > 0 ? (envelope.caption ?? envelope.text) : envelope.text;
      turn.setUser(text, {
        ts: envelope.ts,
        via: envelope.interface,
        name: envelope.name,
        attachments: files,
      });
    }
    return turn;
  }

  private setRunning(turnId: string | null): void {
    this.running = turnId;
    this.composer.setRunning(turnId !== null);
  }

  private scrollIfSticky(): void {
    if (this.stick) this.list.scrollTop = this.list.scrollHeight;
  }

  private updateSentinel(): void {
    this.sentinel.textContent = this.hasMore
      ? "Scroll up for older messages"
      : "Start of the session";
  }

  private async loadOlder(): Promise<void> {
    if (this.loadingOlder || !this.hasMore || this.oldest === null) return;
    this.loadingOlder = true;
    this.sentinel.textContent = "Loading older messages…";
    try {
      const page = await api.history({ before: this.oldest, limit: PAGE_SIZE });
      const heightBefore = this.list.scrollHeight;
      this.sentinel.after(...toHistoryItems(page.messages).map(historyItemElement));
      this.nameToolResults(toolNames(page.messages));
      this.list.scrollTop += this.list.scrollHeight - heightBefore;
      this.oldest = page.messages[0]?.seq ?? this.oldest;
      this.hasMore = page.hasMore && page.messages.length > 0;
    } catch (error) {
      this.sentinel.after(errorBox(error));
      this.hasMore = false;
    } finally {
      this.loadingOlder = false;
      this.updateSentinel();
    }
    if (this.hasMore && this.list.scrollTop < STICKY_PX) await this.loadOlder();
  }
}

/** One line in the chat for a call that waits for the operator's yes, or how it ended. */
function approvalNotice(
  event: Extract<StreamEvent, { type: "approval-request" | "approval-end" }>,
) {
  const { approval } = event;
  const text =
    event.type === "approval-request"
      ? `⚠ ${approval.tool} waits for your approval (${approval.id}): ${approval.reason} — Memory → Work, or /approve ${approval.id}`
      : `${approval.tool} (${approval.id}): ${approval.state}${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}`;
  return h("p", { class: "notice approval-notice", "data-approval-id": approval.id }, text);
}
