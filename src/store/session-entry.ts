// The session log's line format (SPEC §3): a header line, then one `message` entry per line, a
// zod union on `type` (SG-12). Converts between JSONL lines and SessionMessage. Pure.
import { z } from "zod";
import { messageMetaSchema, type SessionMessage, toolCallSchema } from "../kernel/index.js";

export const SESSION_SCHEMA_VERSION = 1;

export const sessionHeaderSchema = z.object({
  type: z.literal("session"),
  v: z.number().int(),
  id: z.string().min(1),
  createdAt: z.string(),
});
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;

export const messageEntrySchema = z.object({
  type: z.literal("message"),
  v: z.number().int().optional(),
  seq: z.number().int().min(0),
  ts: z.string(),
  role: z.enum(["user", "assistant", "tool"]),
  content: z.string().nullable(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_call_id: z.string().optional(),
  meta: messageMetaSchema.optional(),
});
export type MessageEntry = z.infer<typeof messageEntrySchema>;

export const sessionLineSchema = z.discriminatedUnion("type", [
  sessionHeaderSchema,
  messageEntrySchema,
]);

/** The JSONL entry for a message (OpenAI chat field names: `tool_calls`, `tool_call_id`). */
export function toMessageEntry(message: SessionMessage): MessageEntry {
  const entry: MessageEntry = {
    type: "message",
    seq: message.seq,
    ts: message.ts,
    role: message.role,
    content: message.content,
  };
  if (message.toolCalls && message.toolCalls.length > 0) entry.tool_calls = message.toolCalls;
  if (message.toolCallId !== undefined) entry.tool_call_id = message.toolCallId;
  if (message.meta && Object.keys(message.meta).length > 0) entry.meta = { ...message.meta };
  return entry;
}

export function fromMessageEntry(entry: MessageEntry): SessionMessage {
  const message: SessionMessage = {
    seq: entry.seq,
    ts: entry.ts,
    role: entry.role,
    content: entry.content,
  };
  if (entry.tool_calls) message.toolCalls = entry.tool_calls;
  if (entry.tool_call_id !== undefined) message.toolCallId = entry.tool_call_id;
  if (entry.meta) message.meta = entry.meta as SessionMessage["meta"];
  return message;
}
