// Prompt-cache breakpoints for Anthropic models behind OpenRouter (SPEC §5): one on the system
// prompt, one on the last stable message before the final user message. Pure: no I/O.
import type { Provider } from "../config/index.js";
import type { ChatMessage, ContentPart, ModelRequest } from "./model-client.js";

const EPHEMERAL = { type: "ephemeral" } as const;

/** True when the provider/model pair takes explicit `cache_control` breakpoints. */
export function shouldApplyCacheControl(model: string, provider: Provider): boolean {
  if (provider !== "openrouter") return false;
  const id = model.toLowerCase();
  return id.startsWith("anthropic/") || id.includes("claude");
}

function hasText(message: ChatMessage): boolean {
  const { content } = message;
  if (content === null) return false;
  if (typeof content === "string") return content.length > 0;
  return content.some((part) => part.type === "text" && part.text.length > 0);
}

/** The message with its last non-empty text part marked (Anthropic rejects empty marked blocks). */
function markLastText(message: ChatMessage): ChatMessage {
  const { content } = message;
  if (content === null) return message;
  const parts: ContentPart[] =
    typeof content === "string"
      ? [{ type: "text", text: content }]
      : content.map((part) => ({ ...part }));
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index];
    if (part?.type === "text" && part.text.length > 0) {
      parts[index] = { ...part, cache_control: EPHEMERAL };
      break;
    }
  }
  return { ...message, content: parts };
}

function lastIndexWhere(messages: ChatMessage[], predicate: (message: ChatMessage) => boolean) {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && predicate(message)) return index;
  }
  return -1;
}

/**
 * Returns the request with `cache_control` breakpoints when `provider` is openrouter and the model
 * is an Anthropic one; otherwise returns it unchanged (same object). Never mutates its input.
 * Breakpoints: the first system message, and the nearest message with text before the final user
 * message (everything up to it repeats next turn, so the cached prefix stays valid).
 */
export function applyCacheControl(request: ModelRequest, provider: Provider): ModelRequest {
  if (!shouldApplyCacheControl(request.model, provider)) return request;
  const messages = [...request.messages];
  const systemIndex = messages.findIndex((message) => message.role === "system");
  const systemMessage = messages[systemIndex];
  if (systemMessage && hasText(systemMessage)) messages[systemIndex] = markLastText(systemMessage);

  const finalUserIndex = lastIndexWhere(messages, (message) => message.role === "user");
  for (let index = finalUserIndex - 1; index > systemIndex; index -= 1) {
    const message = messages[index];
    if (message && hasText(message)) {
      messages[index] = markLastText(message);
      break;
    }
  }
  return { ...request, messages };
}
