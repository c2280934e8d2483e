// Files the bot sends to the fake Bot API: `sendPhoto` and `sendDocument` as multipart/form-data,
// the way grammY's InputFile sends them (the field holds `attach://<part>`, the bytes are that
// part). The request body is read once here, JSON or multipart, into the call's payload plus the
// file, whose bytes the fake records for tests to compare with what was meant to go out.
import type { IncomingMessage } from "node:http";

/** A file a call carried. */
export interface SentFile {
  /** The payload field it was sent in (`photo`, `document`). */
  field: string;
  name: string;
  mediaType: string;
  bytes: Buffer;
}

export interface ParsedRequest {
  payload: Record<string, unknown>;
  files: SentFile[];
}

/** The methods that carry a file, and the field each one has it in. */
export const FILE_METHODS: Readonly<Record<string, string>> = {
  sendPhoto: "photo",
  sendDocument: "document",
};

/** Telegram's limits for bots: photos up to 10 MB, other files up to 50 MB. */
const UPLOAD_LIMITS: Readonly<Record<string, number>> = {
  photo: 10 * 1024 * 1024,
  document: 50 * 1024 * 1024,
};

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A header parameter (`name="x"`, or `filename=a.pdf` unquoted as grammY writes it). */
function parameter(headers: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;\\r\\n]*))`, "i").exec(headers);
  return match ? (match[1] ?? match[2] ?? "").trim() : undefined;
}

/**
 * A multipart/form-data body as Telegram reads it. Hand-parsed: grammY writes parameters
 * unquoted and without spaces (`;filename=a.pdf`), which Telegram takes and undici's strict
 * FormData parser refuses.
 */
function parseMultipart(body: Buffer, contentType: string): ParsedRequest {
  const boundary = parameter(`;${contentType.split(";").slice(1).join(";")}`, "boundary");
  if (!boundary) throw new Error("multipart body without a boundary");
  const delimiter = Buffer.from(`--${boundary}`);
  const payload: Record<string, unknown> = {};
  const parts = new Map<string, { name: string; mediaType: string; bytes: Buffer }>();
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // CRLF after, CRLF before
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString("utf8");
    const content = part.subarray(split + 4);
    const name = parameter(headers, "name") ?? "";
    const fileName = parameter(headers, "filename");
    if (fileName === undefined) payload[name] = content.toString("utf8");
    else {
      const mediaType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? "";
      parts.set(name, { name: fileName, mediaType, bytes: Buffer.from(content) });
    }
    start = next;
  }
  const files: SentFile[] = [];
  for (const [field, value] of Object.entries(payload)) {
    const match = typeof value === "string" ? /^attach:\/\/(.+)$/.exec(value) : null;
    const file = match?.[1] ? parts.get(match[1]) : undefined;
    if (file) files.push({ field, ...file });
  }
  return { payload, files };
}

/** The call's fields and files, from a JSON or a multipart body. */
export async function parseRequest(request: IncomingMessage): Promise<ParsedRequest> {
  const body = await readBytes(request);
  const contentType = request.headers["content-type"] ?? "";
  if (contentType.startsWith("multipart/form-data")) return parseMultipart(body, contentType);
  const text = body.toString("utf8");
  if (text.trim() === "") return { payload: {}, files: [] };
  const value: unknown = JSON.parse(text);
  const payload =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return { payload, files: [] };
}

/** Telegram's limit for a photo's or a document's caption. */
const CAPTION_LIMIT = 1024;

/** Why Telegram would refuse this file call (before the caption's HTML), or null. */
export function fileRefusal(
  method: string,
  files: readonly SentFile[],
  caption: string,
): string | null {
  const field = FILE_METHODS[method] ?? "";
  const file = files.find((candidate) => candidate.field === field);
  if (!file) return `there is no ${field} in the request`;
  if (file.bytes.length === 0) return "file must be non-empty";
  if (file.bytes.length > (UPLOAD_LIMITS[field] ?? 0)) return "Request Entity Too Large";
  if (caption.length > CAPTION_LIMIT) return "message caption is too long";
  return null;
}
