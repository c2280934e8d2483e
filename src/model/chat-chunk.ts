// Assembles streamed chat-completion chunks into one response: text, tool calls put together from
// argument fragments by index, finish reason and usage. Chunks are parsed with zod (model output
// is outside data). Pure: no I/O.
import { z } from "zod";
import type { TokenUsage, ToolCall } from "../kernel/index.js";
import { createId, ModelError } from "../kernel/index.js";

const toolCallDeltaSchema = z.object({
  index: z.number().int().nonnegative().nullish(),
  id: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});

const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z.array(toolCallDeltaSchema).nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

export type ChatChunk = z.infer<typeof chunkSchema>;

interface PartialToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The response so far. Mutated by `applyChunk`. */
export interface ResponseAssembly {
  text: string;
  toolCalls: Map<number, PartialToolCall>;
  finishReason: string | null;
  usage: TokenUsage | undefined;
}

export function createResponseAssembly(): ResponseAssembly {
  return { text: "", toolCalls: new Map(), finishReason: null, usage: undefined };
}

/** Validates one chunk; throws a `KERN_MODEL_BAD_RESPONSE` ModelError when it has the wrong shape. */
export function parseChatChunk(value: unknown): ChatChunk {
  const parsed = chunkSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ModelError(
    "KERN_MODEL_BAD_RESPONSE",
    `model sent a malformed stream chunk (${z.prettifyError(parsed.error).slice(0, 200)})`,
  );
}

/** Folds one chunk into the assembly and returns the text it adds ("" for none). */
export function applyChunk(assembly: ResponseAssembly, chunk: ChatChunk): string {
  let added = "";
  for (const choice of chunk.choices ?? []) {
    const content = choice.delta?.content;
    if (content) added += content;
    (choice.delta?.tool_calls ?? []).forEach((fragment, position) => {
      // Some servers omit `index` when each chunk carries whole calls.
      const index = fragment.index ?? position;
      const call = assembly.toolCalls.get(index) ?? { id: "", name: "", arguments: "" };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name += fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
      assembly.toolCalls.set(index, call);
    });
    if (choice.finish_reason) assembly.finishReason = choice.finish_reason;
  }
  if (chunk.usage) {
    const cached = chunk.usage.prompt_tokens_details?.cached_tokens;
    assembly.usage = {
      inputTokens: chunk.usage.prompt_tokens ?? 0,
      outputTokens: chunk.usage.completion_tokens ?? 0,
      ...(typeof cached === "number" ? { cachedTokens: cached } : {}),
    };
  }
  assembly.text += added;
  return added;
}

function hasJsonArguments(call: ToolCall): boolean {
  try {
    JSON.parse(call.function.arguments);
    return true;
  } catch {
    // Not JSON: the arguments were truncated.
    return false;
  }
}

export interface FinishedResponse {
  stopReason: "stop" | "tool-calls" | "length";
  toolCalls: ToolCall[];
}

/**
 * The final stop reason and tool calls in index order. Throws a `KERN_MODEL_BAD_RESPONSE`
 * ModelError when the stream ended without a finish reason (cut short) or a call has no name.
 */
export function finishResponse(assembly: ResponseAssembly): FinishedResponse {
  if (assembly.finishReason === null) {
    throw new ModelError(
      "KERN_MODEL_BAD_RESPONSE",
      "model stream ended without a finish_reason (the response was cut short)",
    );
  }
  const toolCalls: ToolCall[] = [...assembly.toolCalls.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, call]) => {
      if (!call.name) {
        throw new ModelError("KERN_MODEL_BAD_RESPONSE", "model sent a tool call without a name");
      }
      return {
        id: call.id || createId("call"),
        type: "function",
        // Providers reject an empty arguments string when the call is sent back.
        function: { name: call.name, arguments: call.arguments || "{}" },
      };
    });
  if (assembly.finishReason === "length") {
    // A call cut off by the output limit has broken arguments: never hand it on.
    return { stopReason: "length", toolCalls: toolCalls.filter(hasJsonArguments) };
  }
  // Some servers (e.g. older Ollama) say "stop" even when the reply is tool calls.
  return { stopReason: toolCalls.length > 0 ? "tool-calls" : "stop", toolCalls };
}
