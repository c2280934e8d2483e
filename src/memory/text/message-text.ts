// The one plain-text view of a message, used for token counts, embeddings, search and summaries.
// Pure: no I/O.
import type { SessionMessage } from "../../kernel/index.js";

/**
 * The text a message carries: its content, then one `name(arguments)` line per tool call; a tool
 * result is prefixed by its tool name (`bash: …`) so search and summaries know where it came from.
 * Never throws; a message without text gives "".
 */
export function messageText(
  message: Pick<SessionMessage, "role" | "content" | "toolCalls" | "meta">,
): string {
  const content = message.content ?? "";
  if (message.role === "tool") {
    const tool = message.meta?.tool ?? message.meta?.name;
    return tool ? `${tool}: ${content}` : content;
  }
  const calls = message.toolCalls ?? [];
  if (calls.length === 0) return content;
  const lines = calls.map((call) => `${call.function.name}(${call.function.arguments})`);
  return content.length > 0 ? `${content}\n${lines.join("\n")}` : lines.join("\n");
}
