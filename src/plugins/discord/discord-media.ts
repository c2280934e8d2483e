// A Discord attachment (a photo, a voice message, a file) → its bytes from the URL the gateway
// gave → the runtime's media intake. One file per message is taken, as on Telegram; the size
// Discord states is checked before the download and the bytes while it runs.
import { describeError, KernError, type MediaAttachment } from "../../kernel/index.js";
import type { AttachmentIntake } from "../../runtime/index.js";

/** What discord.js says about one attachment. */
export interface DiscordFileRef {
  url: string;
  name: string;
  size: number;
  contentType: string | null;
  durationSeconds: number | null;
  voice: boolean;
}

function tooLarge(bytes: number, maxBytes: number): KernError {
  return new KernError(
    "KERN_MEDIA_TOO_LARGE",
    `the file is ${Math.ceil(bytes / 1024 / 1024)} MB; kern takes at most ${Math.floor(maxBytes / 1024 / 1024)} MB (media.maxBytes in .kern/config.json)`,
  );
}

async function download(ref: DiscordFileRef, maxBytes: number, signal: AbortSignal) {
  if (ref.size > maxBytes) throw tooLarge(ref.size, maxBytes);
  const response = await fetch(ref.url, { signal }).catch((error: unknown) => {
    throw new KernError("KERN_CHANNEL_NETWORK", `downloading ${ref.name} failed`, { cause: error });
  });
  if (!response.ok || !response.body) {
    throw new KernError(
      "KERN_CHANNEL_API",
      `downloading ${ref.name} failed with HTTP ${response.status}`,
    );
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(size, maxBytes);
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
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
  const bytes = await download(ref, options.maxBytes, options.signal);
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
  return [`[${kind} ${ref.name}]`, `(not read: ${describeError(error)})`, caption.trim()].join(
    "\n",
  );
}
