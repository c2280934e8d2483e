// A turn a crash interrupted leaves an assistant tool call without its result. On start we close
// it with a tool result saying so, so no orphan call is ever sent to a provider (LESSONS #10).
import type { NewMessage, SessionMessage } from "../kernel/index.js";

/** The tool results that close the unanswered calls at the end of the session (pure). */
export function planInterruptedToolResults(
  tail: readonly SessionMessage[],
  ts: string,
): NewMessage[] {
  const answered = new Set(
    tail.filter((message) => message.role === "tool").map((message) => message.toolCallId),
  );
  const lastAssistant = [...tail].reverse().find((message) => message.role === "assistant");
  if (!lastAssistant?.toolCalls) return [];
  return lastAssistant.toolCalls
    .filter((call) => !answered.has(call.id))
    .map((call) => ({
      ts,
      role: "tool" as const,
      content: `error: the tool call "${call.function.name}" was interrupted (kern stopped or crashed before it finished); it may or may not have taken effect — check before retrying`,
      toolCallId: call.id,
      meta: { tool: call.function.name, interrupted: true, turnId: lastAssistant.meta?.turnId },
    }));
}
