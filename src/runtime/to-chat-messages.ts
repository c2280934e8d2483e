// Turns the composed window into the chat messages a provider receives: envelope prefixes on
// inbound user messages, every text neutralized (kern's markers cannot be forged from content,
// docs/security.md), and never an orphan tool call or tool result (LESSONS #10). Pure.
import { formatEnvelopePrefix, neutralizeContent, type SessionMessage } from "../kernel/index.js";
import type { ChatMessage, ImagePart } from "../model/index.js";

function userText(message: SessionMessage): string {
  const meta = message.meta;
  const text = neutralizeContent(message, message.content ?? "");
  if (!meta?.interface || meta.interface === "import" || meta.interface === "system") return text;
  const prefix = formatEnvelopePrefix(
    {
      text,
      interface: meta.interface,
      channel: meta.channel,
      user: meta.user,
      name: meta.name,
      ts: message.ts,
    },
    // Any kind but a person's message is one of kern's own sources: it names itself.
    { ownSource: meta.kind !== undefined && meta.kind !== "message" },
  );
  return `${prefix}\n${text}`;
}

function assistantText(message: SessionMessage): string | null {
  return message.content === null ? null : neutralizeContent(message, message.content);
}

/**
 * Converts messages, dropping tool results without their call and calls without their results.
 * `images` (by user message seq) become image parts after that message's text.
 */
export function toChatMessages(
  window: readonly SessionMessage[],
  images: ReadonlyMap<number, ImagePart[]> = new Map(),
): ChatMessage[] {
  const answered = new Set(
    window.filter((message) => message.role === "tool").map((message) => message.toolCallId),
  );
  const called = new Set<string>();
  const chat: ChatMessage[] = [];
  for (const message of window) {
    if (message.role === "user") {
      const parts = images.get(message.seq);
      const text = userText(message);
      chat.push({
        role: "user",
        content: parts ? [{ type: "text", text }, ...parts] : text,
      });
    } else if (message.role === "assistant") {
      const calls = (message.toolCalls ?? []).filter((call) => answered.has(call.id));
      for (const call of calls) called.add(call.id);
      if (calls.length === 0 && !message.content) continue;
      chat.push(
        calls.length > 0
          ? { role: "assistant", content: assistantText(message), tool_calls: calls }
          : { role: "assistant", content: assistantText(message) },
      );
    } else if (message.toolCallId && called.has(message.toolCallId)) {
      const content = neutralizeContent(message, message.content ?? "");
      chat.push({ role: "tool", content, tool_call_id: message.toolCallId });
    }
  }
  return chat;
}
