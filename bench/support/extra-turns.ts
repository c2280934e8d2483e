// Turns to append to an imported history (per-turn overhead, compose with a new message, turn
// latency): a small generated conversation with its own seed, dated after the history, in the
// session-log message shape (converted as `kern import` converts the import format).

import type { NewMessage } from "../../src/kernel/index.js";
import { generateConversation, type ImportMessage } from "../generator/index.js";

/** What `kern import` stores for one import-format message (daemon/parse-import-file.ts). */
function toNewMessage(message: ImportMessage): NewMessage {
  const stored: NewMessage = {
    ts: message.ts,
    role: message.role,
    content: message.content,
    meta: { interface: "import" },
  };
  // Same key order as the importer: the index keeps meta JSON as given, reindex as parsed.
  if (message.name) stored.meta = { ...stored.meta, name: message.name };
  stored.meta = { ...stored.meta, sourceId: message.id };
  if (message.tool_calls) stored.toolCalls = message.tool_calls;
  if (message.tool_call_id) stored.toolCallId = message.tool_call_id;
  return stored;
}

export interface ExtraTurnsOptions {
  seed: number;
  /** Messages to generate (cut into turns at user messages). */
  messages: number;
  /** ISO time of the first message (after the history's last one). */
  startTs: string;
  toolOutputChars?: [number, number];
}

/** Whole turns (a user message and everything up to the next one), oldest first. */
export function extraTurns(options: ExtraTurnsOptions): NewMessage[][] {
  const { messages } = generateConversation({
    seed: options.seed,
    messages: options.messages,
    startTs: options.startTs,
    ...(options.toolOutputChars ? { toolOutputChars: options.toolOutputChars } : {}),
  });
  const turns: NewMessage[][] = [];
  for (const message of messages) {
    if (message.role === "user" || turns.length === 0) turns.push([]);
    turns.at(-1)?.push(toNewMessage(message));
  }
  // The last turn may be cut short by the message count: drop it unless it is complete.
  return turns.length > 1 ? turns.slice(0, -1) : turns;
}
