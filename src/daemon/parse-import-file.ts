// Reads a conversation to import (SPEC §3): a kern session JSONL, JSON Lines of OpenAI chat
// messages, or a JSON array of them. A bad line is an error naming its line number. JSON Lines are
// read in chunks, so an import holds one chunk of the file, never the whole of it.
import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { z } from "zod";
import { ConfigError, describeError, type NewMessage, type ToolCall } from "../kernel/index.js";
import { fromMessageEntry, messageEntrySchema, sessionHeaderSchema } from "../store/index.js";

const contentPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();

// JSON exports write null for a field a message lacks (`"name": null`): null is absent.
const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant", "tool", "system", "developer"]),
  content: z.union([z.string(), z.null(), z.array(contentPartSchema)]).optional(),
  name: z.string().nullish(),
  ts: z.union([z.string(), z.number()]).nullish(),
  timestamp: z.union([z.string(), z.number()]).nullish(),
  id: z.union([z.string(), z.number()]).nullish(),
  tool_calls: z
    .array(
      z.object({
        id: z.string(),
        type: z.literal("function").default("function"),
        function: z.object({ name: z.string(), arguments: z.string() }),
      }),
    )
    .nullish(),
  tool_call_id: z.string().nullish(),
});

export interface ParsedImport {
  format: "kern-session" | "jsonl" | "json-array";
  messages: NewMessage[];
  skippedSystemMessages: number;
}

function toIsoTimestamp(
  value: string | number | null | undefined,
  fallback: string,
  where: string,
): string {
  if (value === undefined || value === null) return fallback;
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
  if (chat.id !== undefined && chat.id !== null)
    message.meta = { ...message.meta, sourceId: String(chat.id) };
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

/** What a scan of an import file found. */
export interface ImportScan {
  format: ParsedImport["format"];
  messages: number;
  skippedSystemMessages: number;
}

/**
 * Reads an import file in chunks (a JSON array is read whole) and calls `onMessage` for each
 * message, in order, or throws ConfigError KERN_IMPORT_INVALID naming the first bad line. Called
 * twice by an import — once to validate everything, once to append — so no pass holds the file.
 */
export async function scanImportFile(options: {
  /** The file to read. */
  file: string;
  /** How errors name it (default: `file`). */
  name?: string | undefined;
  now: string;
  /** Each message; when it returns a promise, the scan waits for it before reading on. */
  onMessage: (message: NewMessage) => Promise<void> | void;
  /** Bytes read so far of the file's size, after each 1 MB chunk. */
  onBytes?: ((done: number, total: number) => void) | undefined;
}): Promise<ImportScan> {
  const { now, onMessage } = options;
  const file = options.name ?? options.file;
  const path = options.file;
  let messages = 0;
  let skippedSystemMessages = 0;
  let previous = "";
  const add = (value: NewMessage | "system"): Promise<void> | void => {
    if (value === "system") {
      skippedSystemMessages += 1;
      return undefined;
    }
    messages += 1;
    const message = withContentId(value, previous);
    previous = message.meta?.sourceId ?? previous;
    return onMessage(message);
  };
  if (startsWithBracket(path, file)) {
    const array = parseJsonLine(readTextFile(path, file).trimStart(), file);
    if (!Array.isArray(array))
      throw new ConfigError("KERN_IMPORT_INVALID", `${file}: expected a JSON array`);
    for (const [index, value] of array.entries())
      await add(fromChatMessage(value, `${file}: item ${index}`, now));
    return { format: "json-array", messages, skippedSystemMessages };
  }
  let format: ParsedImport["format"] = "jsonl";
  let first = true;
  let sessionId = "";
  for await (const { lineNumber, text } of readLines(path, file, options.onBytes)) {
    const where = `${file}: line ${lineNumber}`;
    const value = parseJsonLine(text, where);
    const isFirst = first;
    first = false;
    const header = isFirst ? sessionHeaderSchema.safeParse(value) : null;
    if (header?.success) {
      format = "kern-session";
      sessionId = header.data.id;
      continue;
    }
    const waiting =
      format === "kern-session"
        ? add(fromSessionEntry(value, where, sessionId))
        : add(fromChatMessage(value, where, now));
    if (waiting instanceof Promise) await waiting;
  }
  return { format, messages, skippedSystemMessages };
}

/** A message of a kern session file; its source id is `<session>#<seq>` unless it has one. */
function fromSessionEntry(value: unknown, where: string, sessionId: string): NewMessage {
  const entry = messageEntrySchema.safeParse(value);
  if (!entry.success) {
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `${where}: not a kern message entry (${entry.error.issues[0]?.message})`,
    );
  }
  const { seq, ...message } = fromMessageEntry(entry.data);
  if (message.meta?.sourceId !== undefined) return message;
  return { ...message, meta: { ...message.meta, sourceId: `${sessionId}#${seq}` } };
}

function readTextFile(path: string, file: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError("KERN_IMPORT_INVALID", `cannot read ${file}: ${describeError(error)}`);
  }
}

/** Whether the first non-blank character of the file is `[` (a JSON array, not JSON Lines). */
function startsWithBracket(path: string, file: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch (error) {
    throw new ConfigError("KERN_IMPORT_INVALID", `cannot read ${file}: ${describeError(error)}`);
  }
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = readSync(descriptor, head, 0, head.length, 0);
    return head.toString("utf8", 0, read).trimStart().startsWith("[");
  } finally {
    closeSync(descriptor);
  }
}

const CHUNK_BYTES = 1 << 20;

/**
 * Every non-blank line with its 1-based number, the last one even without a newline, read 1 MB at
 * a time. Async, so a daemon importing a large file keeps answering between chunks.
 */
async function* readLines(
  path: string,
  file: string,
  onBytes?: (done: number, total: number) => void,
): AsyncGenerator<{ lineNumber: number; text: string }> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    throw new ConfigError("KERN_IMPORT_INVALID", `cannot read ${file}: ${describeError(error)}`);
  }
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    const size = (await handle.stat()).size;
    let carry = Buffer.alloc(0);
    let lineNumber = 0;
    let read = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      read += bytesRead;
      onBytes?.(read, size);
      const chunk =
        carry.length > 0
          ? Buffer.concat([carry, buffer.subarray(0, bytesRead)])
          : buffer.subarray(0, bytesRead);
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        lineNumber += 1;
        const text = chunk.toString("utf8", start, end).replace(/\r$/, "");
        if (text.trim() !== "") yield { lineNumber, text };
        start = end + 1;
      }
      carry = Buffer.from(chunk.subarray(start));
    }
    const last = carry.toString("utf8");
    if (last.trim() !== "") yield { lineNumber: lineNumber + 1, text: last };
  } finally {
    await handle.close();
  }
}

/**
 * A message without an id (OpenAI JSONL, a JSON array) gets one from its content and the id of
 * the message before it: `content:<hash>`. The same file imported again yields the same ids, so
 * it is recognised and appends nothing twice (issue 33 item 9); a file that continues an imported
 * one appends only what is new. The chain keeps two files that share one "ok" apart.
 */
function withContentId(message: NewMessage, previous: string): NewMessage {
  if (message.meta?.sourceId !== undefined) return message;
  const hash = createHash("sha256")
    .update(`${previous}\u0000${message.role}\u0000${message.content ?? ""}\u0000`)
    .update(JSON.stringify(message.toolCalls ?? null))
    .digest("base64url")
    .slice(0, 22);
  return { ...message, meta: { ...message.meta, sourceId: `content:${hash}` } };
}
