// DOM for what the chat shows: user bubbles, assistant replies (markdown), collapsed tool calls,
// command results, and a live turn that fills in as events stream. User text is shown verbatim
// as text; agent text goes through the safe markdown renderer.
import type { MediaAttachment } from "../../../src/kernel/index.js";
import type { StreamEvent } from "../../../src/protocol/index.js";
import { h } from "../dom.js";
import { formatTime } from "../format.js";
import {
  argumentsPreview,
  type HistoryItem,
  prettyArguments,
  type ToolItem,
} from "../history-items.js";
import { renderMarkdown } from "../markdown-render.js";
import { attachmentList } from "./attachment-view.js";
import { silentTurnElement } from "./silent-turn.js";

type TurnEndEvent = Extract<StreamEvent, { type: "turn-end" }>;

interface UserMeta {
  ts?: string | undefined;
  via?: string | null | undefined;
  /** The job's name, for a job's prompt. */
  name?: string | undefined;
  attachments?: readonly MediaAttachment[] | undefined;
}

function userBubble(text: string, meta: UserMeta): HTMLElement {
  const files = attachmentList(meta.attachments);
  return h(
    "div",
    { class: files ? "message user with-files" : "message user" },
    files,
    text ? h("div", { class: "bubble" }, h("p", { class: "plain" }, text)) : null,
    h(
      "div",
      { class: "meta" },
      meta.via && meta.via !== "web" ? h("span", { class: "via" }, `via ${meta.via}`) : null,
      meta.ts ? h("time", { datetime: meta.ts }, formatTime(meta.ts)) : null,
    ),
  );
}

/** A collapsed tool call; expanding shows its arguments and output. */
export class ToolView {
  readonly element: HTMLDetailsElement;
  private readonly state: HTMLElement;
  private readonly output: HTMLElement;

  constructor(tool: Pick<ToolItem, "name" | "arguments"> & { callId?: string }) {
    this.state = h("span", { class: "tool-state running" }, "running");
    this.output = h("pre", { class: "tool-output" }, "…");
    this.element = h(
      "details",
      { class: "tool", "data-call-id": tool.callId ?? null },
      h(
        "summary",
        null,
        h(
          "span",
          { class: "tool-name", "data-unnamed": tool.name ? null : true },
          tool.name || "tool result",
        ),
        h("code", { class: "tool-preview" }, argumentsPreview(tool.arguments)),
        this.state,
      ),
      h(
        "div",
        { class: "tool-body" },
        h("div", { class: "tool-label" }, "Arguments"),
        h("pre", { class: "tool-arguments" }, prettyArguments(tool.arguments) || "(none)"),
        h("div", { class: "tool-label" }, "Output"),
        this.output,
      ),
    );
  }

  setUnknownResult(): void {
    this.output.textContent = "(no result in the loaded history)";
    this.state.textContent = "";
    this.state.className = "tool-state";
  }

  setResult(output: string, isError: boolean): void {
    this.output.textContent = output || "(empty)";
    this.state.textContent = isError ? "error" : "done";
    this.state.className = `tool-state ${isError ? "failed" : "done"}`;
    this.element.classList.toggle("failed", isError);
  }
}

/** A stored tool call; one whose result is not on the loaded page says so instead of "running". */
function toolView(tool: ToolItem): HTMLElement {
  const view = new ToolView(tool);
  if (tool.output !== null) view.setResult(tool.output, tool.isError);
  else view.setUnknownResult();
  return view.element;
}

export function historyItemElement(item: HistoryItem): HTMLElement {
  switch (item.kind) {
    case "user":
      return userBubble(item.text, { ts: item.ts, via: item.via, attachments: item.attachments });
    case "assistant":
      return h(
        "div",
        { class: "message assistant", "data-seq": item.seq },
        item.parts.map((part) =>
          part.type === "tool" ? toolView(part.tool) : renderMarkdown(part.text),
        ),
      );
    case "silent":
      return silentTurnElement(item.source, item.prompt, item.ts);
    default: {
      const unreachable: never = item;
      return h("div", null, String(unreachable));
    }
  }
}

function commandResultElement(command: string, text: string): HTMLElement {
  return h(
    "div",
    { class: "command-result" },
    h("div", { class: "command-name" }, command),
    renderMarkdown(text),
  );
}

/** One turn as it streams: the user's text, tool calls, the reply, and how it ended. */
export class LiveTurn {
  readonly element: HTMLElement;
  private readonly reply: HTMLElement;
  private readonly tools: HTMLElement;
  private readonly text: HTMLElement;
  private readonly status: HTMLElement;
  private readonly toolViews = new Map<string, ToolView>();
  private buffer = "";
  private renderQueued = false;
  private userElement: HTMLElement | null = null;
  /** What a silent (NO_REPLY) end collapses to: who sent the prompt, and the prompt. */
  private silent = { source: "", prompt: "", ts: undefined as string | undefined };

  constructor(public turnId: string) {
    this.tools = h("div", { class: "tools" });
    this.text = h("div", { class: "reply-text" });
    this.status = h("div", { class: "turn-status" });
    this.reply = h("div", { class: "message assistant live" }, this.tools, this.text, this.status);
    this.element = h("article", { class: "turn", "data-turn-id": turnId }, this.reply);
  }

  setUser(text: string, options: UserMeta & { queued?: boolean }): void {
    const bubble = userBubble(text, options);
    bubble.classList.toggle("queued", options.queued === true);
    if (this.userElement) this.userElement.replaceWith(bubble);
    else this.element.prepend(bubble);
    this.userElement = bubble;
    const source = [options.via, options.name].filter(Boolean).join(" ");
    this.silent = { source, prompt: text, ts: options.ts };
  }

  /** Gives a turn shown before the daemon named it (an optimistic bubble) its id. */
  assignId(turnId: string): void {
    this.turnId = turnId;
    this.element.dataset["turnId"] = turnId;
  }

  hasUser(): boolean {
    return this.userElement !== null;
  }

  markStarted(): void {
    this.userElement?.classList.remove("queued");
    this.status.replaceChildren(h("span", { class: "typing" }, "thinking…"));
  }

  appendText(delta: string, onRendered: () => void): void {
    this.buffer += delta;
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.text.replaceChildren(renderMarkdown(this.buffer));
      onRendered();
    });
  }

  addToolCall(callId: string, name: string, args: string): void {
    const view = new ToolView({ name, arguments: args });
    this.toolViews.set(callId, view);
    this.tools.append(view.element);
  }

  setToolResult(callId: string, output: string, isError: boolean): void {
    this.toolViews.get(callId)?.setResult(output, isError);
  }

  /** An import's progress line (replaced as it moves on). */
  showProgress(text: string): void {
    this.status.replaceChildren(h("span", { class: "typing" }, text));
  }

  addCommandResult(command: string, text: string): void {
    this.reply.classList.add("command");
    this.tools.append(commandResultElement(command, text));
  }

  end(event: TurnEndEvent): void {
    this.reply.classList.remove("live");
    if (event.silent === true) {
      const { source, prompt, ts } = this.silent;
      this.element.replaceChildren(silentTurnElement(source || event.kind || "turn", prompt, ts));
      return;
    }
    if (event.stopReason !== "command") {
      this.buffer = event.text || this.buffer;
      this.text.replaceChildren(renderMarkdown(this.buffer));
    }
    const notes: Record<TurnEndEvent["stopReason"], string | null> = {
      end: null,
      command: null,
      cancelled: "cancelled",
      "max-steps": "stopped at the step limit",
      error: `failed: ${event.error?.message ?? "unknown error"}`,
    };
    const note = notes[event.stopReason];
    this.status.replaceChildren(
      note ? h("span", { class: `turn-note ${event.stopReason}` }, note) : "",
    );
  }

  showError(message: string): void {
    this.status.replaceChildren(h("span", { class: "turn-note error" }, message));
  }
}
