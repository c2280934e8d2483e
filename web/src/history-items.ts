// Turns stored messages into what the chat shows: user bubbles, assistant replies with their tool
// calls (each paired with its result), and tool results whose call is on an older page. Pure.
import type { MediaAttachment, SessionMessage } from "../../src/kernel/index.js";

export interface ToolItem {
  callId: string;
  name: string;
  arguments: string;
  output: string | null;
  isError: boolean;
}

export type AssistantPart = { type: "text"; text: string } | { type: "tool"; tool: ToolItem };

export type HistoryItem =
  | {
      kind: "user";
      seq: number;
      ts: string;
      /** What the person wrote: a message with files shows its caption beside them. */
      text: string;
      via: string | null;
      attachments: MediaAttachment[];
    }
  | { kind: "assistant"; seq: number; ts: string; parts: AssistantPart[] }
  /** A job or heartbeat turn that answered `NO_REPLY`: one collapsed line (views/silent-turn.ts). */
  | { kind: "silent"; seq: number; ts: string; source: string; prompt: string };

type AssistantItem = Extract<HistoryItem, { kind: "assistant" }>;

/** Turns whose reply was exactly `NO_REPLY` (the runtime marks it `meta.silent`). */
function silentTurnIds(messages: readonly SessionMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    const turnId = message.meta?.turnId;
    if (message.role === "assistant" && message.meta?.silent === true && turnId) ids.add(turnId);
  }
  return ids;
}

/** `job backups` / `heartbeat`, and the prompt without the `[via …]` line kern stores before it. */
function silentItem(message: SessionMessage): HistoryItem {
  const source = [message.meta?.interface ?? message.meta?.kind ?? "turn", message.meta?.name];
  return {
    kind: "silent",
    seq: message.seq,
    ts: message.ts,
    source: source.filter(Boolean).join(" "),
    prompt: (message.content ?? "").replace(/^\[via [^\]\n]*\]\n/, ""),
  };
}

/**
 * Groups a page of messages (oldest first) into display items: everything the agent did between
 * two user messages (text, tool calls with their results) becomes one assistant item, in order.
 */
export function toHistoryItems(messages: SessionMessage[]): HistoryItem[] {
  const items: HistoryItem[] = [];
  const calls = new Map<string, ToolItem>();
  let reply: AssistantItem | null = null;
  const replyFor = (message: SessionMessage): AssistantItem => {
    if (reply) return reply;
    reply = { kind: "assistant", seq: message.seq, ts: message.ts, parts: [] };
    items.push(reply);
    return reply;
  };
  const silent = silentTurnIds(messages);
  for (const message of messages) {
    if (silent.has(message.meta?.turnId ?? "")) {
      reply = null;
      if (message.role === "user") items.push(silentItem(message));
    } else if (message.role === "user") {
      reply = null;
      const via = message.meta?.interface ?? null;
      const attachments = message.meta?.attachments ?? [];
      const caption = message.meta?.caption;
      items.push({
        kind: "user",
        seq: message.seq,
        ts: message.ts,
        text: attachments.length > 0 && caption !== undefined ? caption : (message.content ?? ""),
        via,
        attachments,
      });
    } else if (message.role === "assistant") {
      const parts = replyFor(message).parts;
      for (const call of message.toolCalls ?? []) {
        const tool = toolOf(call.id, call.function.name, call.function.arguments, null);
        calls.set(call.id, tool);
        parts.push({ type: "tool", tool });
      }
      if (message.content) {
        const text = message.meta?.partial ? `${message.content} [reply cut off]` : message.content;
        parts.push({ type: "text", text });
      }
    } else {
      const known = message.toolCallId ? calls.get(message.toolCallId) : undefined;
      if (known) known.output = message.content ?? "";
      else {
        const callId = message.toolCallId ?? `seq-${message.seq}`;
        // The call is on an older page; its name comes with the result, or when that page loads.
        const tool = toolOf(callId, message.meta?.tool ?? "", "", message.content ?? "");
        replyFor(message).parts.push({ type: "tool", tool });
      }
    }
  }
  return items;
}

function toolOf(callId: string, name: string, args: string, output: string | null): ToolItem {
  return { callId, name, arguments: args, output, isError: false };
}

/** Tool arguments pretty-printed when they are JSON, else as given. */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // arguments a model streamed that are not (yet) valid JSON
  }
}

/** A one-line preview of tool arguments for the collapsed header. */
export function argumentsPreview(text: string, maxLength = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/** Tool call id → tool name for every call on a page (names results shown on a newer page). */
export function toolNames(messages: SessionMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) names.set(call.id, call.function.name);
  }
  return names;
}
