// A message as kern.db holds it: the row of the messages table decoded into an IndexedMessage,
// its JSON columns validated (the index is derived, so a bad value means rebuild it).
import { z } from "zod";
import {
  messageMetaSchema,
  parseJsonAs,
  type SessionMessage,
  StoreError,
  toolCallSchema,
} from "../kernel/index.js";

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
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  meta: string | null;
  tokens: number;
}

const toolCallsSchema = z.array(toolCallSchema);

/** A JSON column of kern.db, validated: the index is derived, so a bad value means rebuild it. */
function parseColumn<T extends z.ZodType>(text: string, schema: T, column: string): z.output<T> {
  return parseJsonAs(text, schema, {
    source: `kern.db messages.${column}`,
    code: "KERN_INDEX_DAMAGED",
    fix: "rebuild the index with 'kern reindex'",
    errorClass: StoreError,
  });
}

export function toIndexedMessage(row: MessageRow): IndexedMessage {
  const message: IndexedMessage = {
    id: row.id,
    session: row.session,
    seq: row.seq,
    ts: row.ts,
    role: row.role,
    content: row.content,
    tokens: row.tokens,
  };
  if (row.tool_calls)
    message.toolCalls = parseColumn(row.tool_calls, toolCallsSchema, "tool_calls");
  if (row.tool_call_id) message.toolCallId = row.tool_call_id;
  if (row.meta)
    message.meta = parseColumn(row.meta, messageMetaSchema, "meta") as IndexedMessage["meta"];
  return message;
}
