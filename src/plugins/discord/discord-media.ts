// A Discord attachment (a photo, a voice message, a file) → its bytes from the URL the gateway
// gave → the runtime's media intake. One file per message is taken, as on Telegram; the size
// Discord states is checked before the download and the bytes while it runs.
import type { MediaAttachment } from "../../kernel/index.js";
import { type AttachmentIntake, downloadFile, unreadFileLine } from "../../runtime/index.js";

/** What discord.js says about one attachment. */
export interface DiscordFileRef {
  url: string;
  name: string;
  size: number;
  contentType: string | null;
  durationSeconds: number | null;
  voice: boolean;
}

/** Downloads and takes in the file; the text and attachments of its envelope. */
export async function takeInDiscordFile(options: {
  ref: DiscordFileRef;
  intake: AttachmentIntake;
  maxBytes: number;
  caption: string;
  signal: AbortSignal;
}): Promise<{ text: string; attachments: MediaAttachment[]; caption: string }> {
  const { ref, intake, caption } = options;
  const bytes = await downloadFile({
    url: ref.url,
    label: ref.name,
    statedBytes: ref.size,
    maxBytes: options.maxBytes,
    signal: options.signal,
  });
  const result = await intake.ingest({
    bytes,
    voice: ref.voice,
    caption,
    claimedName: ref.name,
    ...(ref.contentType ? { claimedType: ref.contentType.split(";")[0] ?? "" } : {}),
    ...(ref.durationSeconds !== null ? { durationSeconds: ref.durationSeconds } : {}),
    signal: options.signal,
  });
  return intake.message([result], caption);
}

/** The text of a message whose file could not be taken in: the file's line, why, the caption. */
export function unreadDiscordFileText(ref: DiscordFileRef, error: unknown, caption: string) {
  const kind = ref.voice ? "voice" : ref.contentType?.startsWith("image/") ? "image" : "file";
  return unreadFileLine(`[${kind} ${ref.name}]`, error, caption);
}
