// The text a message with files carries (SPEC §15): per file its reference line
// (`[image photo-3f2a.png]`, `[voice 0:42]`, `[document report.pdf, 12 pages]`) and what intake
// made of it (the image's description, the voice note's transcript, the document's text, bounded),
// then the caption. This text is what the log, the summaries and recall see. Pure.
import type { MediaAttachment } from "../../kernel/index.js";
import { formatDuration } from "./ogg-duration.js";

/** What intake learned about one file, beside the attachment itself. */
export interface IntakeResult {
  attachment: MediaAttachment;
  description?: string;
  transcript?: string;
  /** A document's text (all of it; the message carries at most MESSAGE_TEXT_CHARS). */
  text?: string;
  /** Why it has no description or transcript. */
  note?: string;
  /** The failure would repeat: the same bytes are not read again (MediaRecord.failed). */
  failed?: boolean;
}

/**
 * A document's text in the message, at most this many characters: enough for recall to find a
 * short document whole and a long one by its opening (~1,500 tokens), small enough that one PDF
 * does not crowd the prompt. The whole text stays beside the file; the pdf tool reads any page.
 */
const MESSAGE_TEXT_CHARS = 6000;

/** `[image photo-3f2a.png]`, `[voice 0:42]`, `[audio song.mp3, 3:12]`, `[document a.pdf, 2 pages]`. */
function referenceLine(attachment: MediaAttachment): string {
  const duration =
    attachment.durationSeconds === undefined
      ? undefined
      : formatDuration(attachment.durationSeconds);
  switch (attachment.kind) {
    case "image":
      return `[image ${attachment.name}]`;
    case "voice":
      return duration ? `[voice ${duration}]` : "[voice]";
    case "audio":
      return duration ? `[audio ${attachment.name}, ${duration}]` : `[audio ${attachment.name}]`;
    case "document": {
      const pages = attachment.pages;
      if (pages === undefined) return `[document ${attachment.name}]`;
      return `[document ${attachment.name}, ${pages} ${pages === 1 ? "page" : "pages"}]`;
    }
    default: {
      const unreachable: never = attachment.kind;
      return `[file ${String(unreachable)}]`;
    }
  }
}

function documentBody(result: IntakeResult): string | undefined {
  const text = result.text?.trim();
  if (!text) return result.note ? `(${result.note})` : undefined;
  if (text.length <= MESSAGE_TEXT_CHARS) return text;
  const rest = text.length - MESSAGE_TEXT_CHARS;
  const tool = result.attachment.mediaType === "application/pdf" ? "the pdf tool" : "the read tool";
  return `${text.slice(0, MESSAGE_TEXT_CHARS)}\n(… ${rest} more characters: read them with ${tool}, path ${result.attachment.file})`;
}

function bodyOf(result: IntakeResult): string | undefined {
  switch (result.attachment.kind) {
    case "image":
      if (result.description) return `(image description: ${result.description})`;
      return result.note ? `(${result.note})` : undefined;
    case "voice":
    case "audio":
      return result.transcript || (result.note ? `(${result.note})` : undefined);
    case "document":
      return documentBody(result);
    default: {
      const unreachable: never = result.attachment.kind;
      return String(unreachable);
    }
  }
}

/** The message text for files plus the sender's caption (which may be empty). */
export function composeMediaText(results: readonly IntakeResult[], caption: string): string {
  const lines: string[] = [];
  for (const result of results) {
    lines.push(referenceLine(result.attachment));
    const body = bodyOf(result);
    if (body) lines.push(body);
  }
  if (caption.trim()) lines.push(caption.trim());
  return lines.join("\n");
}
