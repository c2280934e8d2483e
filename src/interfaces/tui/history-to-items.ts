// Turns a page of session history into transcript items: user text without its envelope prefix,
// reply text, and each tool call joined with its result. Pure.
import type { SessionMessage } from "../../kernel/index.js";
import { textWithAttachments } from "./attachment-lines.js";
import { stripEnvelopePrefix } from "./format-turn.js";
import { collapseSilentTurn } from "./silent-turn.js";
import type { NewTranscriptItem } from "./transcript-item.js";

/** Shown after a reply that was cut off mid-stream (meta.partial). */
export const CUT_OFF = "[reply cut off]";

export function historyToItems(messages: SessionMessage[]): NewTranscriptItem[] {
  let items = messageItems(messages);
  for (const message of messages) {
    const turnId = message.meta?.turnId;
    if (message.role !== "assistant" || message.meta?.silent !== true || !turnId) continue;
    const kind = messages.find((m) => m.role === "user" && m.meta?.turnId === turnId)?.meta?.kind;
    items = collapseSilentTurn(items, turnId, kind, (item) => item);
  }
  return items;
}

function messageItems(messages: SessionMessage[]): NewTranscriptItem[] {
  const items: NewTranscriptItem[] = [];
  const toolIndexByCallId = new Map<string, number>();
  for (const message of messages) {
    const turnId = message.meta?.turnId ?? null;
    if (message.role === "user") {
      items.push({
        kind: "user",
        turnId,
        text:
          textWithAttachments(message.meta?.attachments, message.meta?.caption) ??
          stripEnvelopePrefix(message.content ?? ""),
        from: senderOf(message),
        localId: null,
        pending: false,
        failed: null,
      });
    } else if (message.role === "assistant") {
      if (message.content) {
        const text = message.meta?.partial ? `${message.content} ${CUT_OFF}` : message.content;
        items.push({ kind: "assistant", turnId, text });
      }
      for (const call of message.toolCalls ?? []) {
        toolIndexByCallId.set(call.id, items.length);
        const { name, arguments: args } = call.function;
        items.push({ kind: "tool", turnId, callId: call.id, name, arguments: args, result: null });
      }
    } else {
      const index = toolIndexByCallId.get(message.toolCallId ?? "");
      const tool = index === undefined ? undefined : items[index];
      if (index === undefined || tool?.kind !== "tool") continue;
      const result = { output: message.content ?? "", isError: message.meta?.interrupted === true };
      items[index] = { ...tool, result };
    }
  }
  return items;
}

/** "telegram · Ann" for messages from other interfaces; null for the terminal's own. */
function senderOf(message: SessionMessage): string | null {
  const meta = message.meta;
  if (!meta?.interface || meta.interface === "tui") return null;
  return [meta.interface, meta.name ?? meta.user].filter(Boolean).join(" · ");
}
