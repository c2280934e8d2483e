// Parses a conversation to import (SPEC §3): a kern session JSONL, JSON Lines of OpenAI chat
// messages, or a JSON array of them. Validates everything first: a bad line is an error naming
// its line number, and nothing is imported. Pure apart from the caller's file read.
import { z } from "zod";
import { ConfigError, type NewMessage, type ToolCall } from "../kernel/index.js";
import { fromMessageEntry, messageEntrySchema, sessionHeaderSchema } from "../store/index.js";

const contentPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();

const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant", "tool", "system", "developer"]),
  content: z.union([z.string(), z.null(), z.array(contentPartSchema)]).optional(),
  name: z.string().optional(),
  ts: z.union([z.string(), z.number()]).optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  tool_calls: z
    .array(
      z.object({
        id: z.string(),
        type: z.literal("function").default("function"),
        function: z.object({ name: z.string(), arguments: z.string() }),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
});

export interface ParsedImport {
  format: "kern-session" | "jsonl" | "json-array";
  messages: NewMessage[];
  skippedSystemMessages: number;
}

function toIsoTimestamp(
  value: string | number | undefined,
  fallback: string,
  where: string,
): string {
  if (value === undefined) return fallback;
  const date =
    typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `${where}: "ts" is not a date (${String(value)}); use ISO-8601`,
    );
  }
  return date.toISOString();
}

function contentText(content: z.infer<typeof chatMessageSchema>["content"]): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === "string") return content;
  return content.map((part) => part.text ?? `[${part.type}]`).join("\n");
}

function fromChatMessage(value: unknown, where: string, fallbackTs: string): NewMessage | "system" {
  const parsed = chatMessageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join(".") || "(message)";
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `${where}: ${key}: ${issue?.message ?? "invalid"}; expected {"role","content","name"?,"ts"?,"id"?}`,
    );
  }
  const chat = parsed.data;
  if (chat.role === "system" || chat.role === "developer") return "system";
  const message: NewMessage = {
    ts: toIsoTimestamp(chat.ts ?? chat.timestamp, fallbackTs, where),
    role: chat.role,
    content: contentText(chat.content),
    meta: { interface: "import" },
  };
  if (chat.name) message.meta = { ...message.meta, name: chat.name };
  if (chat.id !== undefined) message.meta = { ...message.meta, sourceId: String(chat.id) };
  if (chat.tool_calls && chat.tool_calls.length > 0)
    message.toolCalls = chat.tool_calls as ToolCall[];
  if (chat.tool_call_id) message.toolCallId = chat.tool_call_id;
  return message;
}

function parseJsonLine(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `${where}: not valid JSON (${(error as Error).message})`,
    );
  }
}

/** Parses the whole file or throws ConfigError KERN_IMPORT_INVALID naming the first bad line. */
export function parseImportFile(options: {
  file: string;
  text: string;
  now: string;
}): ParsedImport {
  const trimmed = options.text.trimStart();
  const messages: NewMessage[] = [];
  let skippedSystemMessages = 0;
  const add = (value: NewMessage | "system") => {
    if (value === "system") skippedSystemMessages += 1;
    else messages.push(value);
  };
  if (trimmed.startsWith("[")) {
    const array = parseJsonLine(trimmed, options.file);
    if (!Array.isArray(array))
      throw new ConfigError("KERN_IMPORT_INVALID", `${options.file}: expected a JSON array`);
    array.forEach((value, index) => {
      add(fromChatMessage(value, `${options.file}: item ${index}`, options.now));
    });
    return { format: "json-array", messages, skippedSystemMessages };
  }
  const lines = options.text.split(/\r?\n/);
  let format: ParsedImport["format"] = "jsonl";
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const where = `${options.file}: line ${index + 1}`;
    const value = parseJsonLine(line, where);
    if (index === 0 && sessionHeaderSchema.safeParse(value).success) {
      format = "kern-session";
      return;
    }
    if (format === "kern-session") {
      const entry = messageEntrySchema.safeParse(value);
      if (!entry.success) {
        throw new ConfigError(
          "KERN_IMPORT_INVALID",
          `${where}: not a kern message entry (${entry.error.issues[0]?.message})`,
        );
      }
      const { seq: _seq, ...message } = fromMessageEntry(entry.data);
      messages.push(message);
      return;
    }
    add(fromChatMessage(value, where, options.now));
  });
  return { format, messages, skippedSystemMessages };
}
