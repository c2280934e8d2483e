// A message as kern.db holds it: its row (place, time, role, tokens, where its line is in the
// session log) joined with its text read back from that line (log-reader.ts, ADR 0017).
import type { SessionMessage } from "../kernel/index.js";
import type { LogReader } from "./log-reader.js";

export interface IndexedMessage extends SessionMessage {
  id: number;
  session: string;
  tokens: number;
}

export interface MessageRow {
  id: number;
  session: string;
  seq: number;
  ts: string;
  role: SessionMessage["role"];
  tokens: number;
  at: number | null;
  bytes: number | null;
}

/** The columns of a MessageRow, for SELECTs. */
export const MESSAGE_ROW = "id, session, seq, ts, role, tokens, at, bytes";

/** The rows' messages, their texts read from the log; `chars` cuts each content to its head. */
export function toIndexedMessages(
  rows: readonly MessageRow[],
  log: LogReader,
  cut?: (content: string | null) => string | null,
): IndexedMessage[] {
  const entries = log.read(rows);
  return rows.map((row, index) => {
    const entry = entries[index] as SessionMessage;
    const message: IndexedMessage = {
      id: row.id,
      session: row.session,
      seq: row.seq,
      ts: row.ts,
      role: row.role,
      content: cut ? cut(entry.content) : entry.content,
      tokens: row.tokens,
    };
    if (entry.toolCalls) message.toolCalls = entry.toolCalls;
    if (entry.toolCallId !== undefined) message.toolCallId = entry.toolCallId;
    if (entry.meta) message.meta = entry.meta;
    return message;
  });
}
