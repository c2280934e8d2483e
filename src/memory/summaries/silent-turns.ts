// Silent unattended turns (a job or heartbeat run that answered exactly `NO_REPLY`) say nothing
// worth remembering: at the default heartbeat interval they are 48 prompt-and-NO_REPLY pairs a
// day. The log keeps them (it is lossless); summaries and working memory skip them (issue 48
// item 2). Pure.
import type { SessionMessage } from "../../kernel/index.js";

/** The messages of turns whose answer was not marked silent (none, when every turn was). */
export function dropSilentTurns(messages: readonly SessionMessage[]): readonly SessionMessage[] {
  const silent = new Set<string>();
  for (const message of messages) {
    const turnId = message.meta?.turnId;
    if (message.role === "assistant" && message.meta?.silent === true && turnId) silent.add(turnId);
  }
  if (silent.size === 0) return messages;
  return messages.filter((message) => !silent.has(message.meta?.turnId ?? ""));
}

/** The messages without those of turns whose answer was marked silent; all of them when none is left. */
export function withoutSilentTurns(messages: readonly SessionMessage[]): readonly SessionMessage[] {
  const kept = dropSilentTurns(messages);
  // A segment of nothing but silent beats still gets a summary (an empty one would be a failure).
  return kept.length > 0 ? kept : messages;
}
