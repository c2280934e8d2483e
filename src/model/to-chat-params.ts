// Converts our ModelRequest into the openai SDK's streaming request body. Pure: no I/O.

import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { Provider } from "../config/index.js";
import { KernError } from "../kernel/index.js";
import type { ChatMessage, ContentPart, ModelRequest, ToolDefinition } from "./model-client.js";

/** Content for roles that take text only: image parts are dropped (only users send images). */
function textOf(content: ChatMessage["content"]): string | ChatCompletionContentPartText[] {
  if (content === null) return "";
  if (typeof content === "string") return content;
  return content.flatMap((part) => (part.type === "text" ? [part] : []));
}

/** A user message's parts: images as `image_url` data URLs, the OpenAI vision shape. */
function userContent(content: ChatMessage["content"]): string | ChatCompletionContentPart[] {
  if (content === null) return "";
  if (typeof content === "string") return content;
  return content.map((part: ContentPart): ChatCompletionContentPart => {
    if (part.type === "text") return part;
    return { type: "image_url", image_url: { url: `data:${part.mediaType};base64,${part.data}` } };
  });
}

function withName<T extends object>(message: T, name: string | undefined): T {
  return name === undefined ? message : { ...message, name };
}

/** One message in the SDK shape; `cache_control` on text parts passes through untouched. */
function toSdkMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case "system":
      return withName({ role: "system", content: textOf(message.content) }, message.name);
    case "user":
      return withName({ role: "user", content: userContent(message.content) }, message.name);
    case "assistant": {
      const toolCalls = message.tool_calls ?? [];
      return withName(
        {
          role: "assistant",
          content: message.content === null ? null : textOf(message.content),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        message.name,
      );
    }
    case "tool":
      return {
        role: "tool",
        content: textOf(message.content),
        tool_call_id: message.tool_call_id ?? "",
      };
    default: {
      const unreachable: never = message.role;
      throw new KernError("KERN_INTERNAL", `unknown message role ${String(unreachable)}`);
    }
  }
}

function toSdkTool(tool: ToolDefinition): ChatCompletionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

/**
 * The streaming body for `chat.completions.create`. OpenAI itself wants `max_completion_tokens`
 * (reasoning models reject `max_tokens`); other compatible servers know only `max_tokens`.
 */
export function toChatParams(
  request: ModelRequest,
  provider: Provider,
): ChatCompletionCreateParamsStreaming {
  const tools = request.tools ?? [];
  const params: ChatCompletionCreateParamsStreaming = {
    model: request.model,
    messages: request.messages.map(toSdkMessage),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (tools.length > 0) {
    params.tools = tools.map(toSdkTool);
    params.tool_choice = request.toolChoice ?? "auto";
  }
  if (request.maxOutputTokens !== undefined) {
    if (provider === "openai") params.max_completion_tokens = request.maxOutputTokens;
    else params.max_tokens = request.maxOutputTokens;
  }
  if (request.temperature !== undefined) params.temperature = request.temperature;
  return params;
}
