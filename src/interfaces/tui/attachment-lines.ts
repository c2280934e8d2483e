// A message's files in the terminal (SPEC §15): one readable line each — `[image photo.png 120 KB]`,
// `[voice 0:42 18 KB]`, `[document report.pdf 2 pages 3 KB]` — then a voice note's transcript and
// the sender's caption, instead of the whole text kern stores (an image's description, up to
// 6,000 characters of a document). Pure.
import type { MediaAttachment } from "../../kernel/index.js";

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

function duration(seconds: number | undefined): string | null {
  if (seconds === undefined) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** `[image photo.png 120 KB]`: kind, name (a voice note: its length), pages, size. */
function attachmentLine(attachment: MediaAttachment): string {
  const pages =
    attachment.pages === undefined
      ? null
      : `${attachment.pages} ${attachment.pages === 1 ? "page" : "pages"}`;
  const parts = [
    attachment.kind,
    attachment.kind === "voice" ? null : attachment.name,
    duration(attachment.durationSeconds),
    pages,
    size(attachment.bytes),
  ];
  return `[${parts.filter(Boolean).join(" ")}]`;
}

/**
 * What the transcript shows of a message with files: their lines, transcripts and the caption.
 * Null when the message has no files (show its text as it is).
 */
export function textWithAttachments(
  attachments: readonly MediaAttachment[] | undefined,
  caption: string | undefined,
): string | null {
  if (!attachments?.length || caption === undefined) return null;
  const lines: string[] = [];
  for (const attachment of attachments) {
    lines.push(attachmentLine(attachment));
    if (attachment.transcript) lines.push(attachment.transcript);
  }
  if (caption.trim()) lines.push(caption.trim());
  return lines.join("\n");
}
