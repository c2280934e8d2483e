// A chat platform's file, downloaded for the media intake with a size cap — the one copy Telegram
// and Discord share. The cap is checked against the size the platform states before the download
// and against the bytes while they arrive, so an oversized file is never held whole. Errors name
// the file by its label only: a download URL may carry the bot token (Telegram's does).
import { describeError, KernError } from "../../kernel/index.js";

/** The error for a file over `media.maxBytes`, with the setting that raises it. */
export function fileTooLarge(bytes: number, maxBytes: number): KernError {
  return new KernError(
    "KERN_MEDIA_TOO_LARGE",
    `the file is ${Math.ceil(bytes / 1024 / 1024)} MB; kern takes at most ${Math.floor(maxBytes / 1024 / 1024)} MB (media.maxBytes in .kern/config.json)`,
  );
}

export interface DownloadFileOptions {
  url: string;
  /** How errors name the file (`file AbC123`, `photo.png`) — never the URL. */
  label: string;
  /** The size the platform states, checked before anything is fetched. */
  statedBytes?: number;
  maxBytes: number;
  signal: AbortSignal;
}

/** The file's bytes, refused past `maxBytes` before and while downloading. */
export async function downloadFile(options: DownloadFileOptions): Promise<Buffer> {
  const { label, maxBytes } = options;
  if (options.statedBytes !== undefined && options.statedBytes > maxBytes)
    throw fileTooLarge(options.statedBytes, maxBytes);
  const response = await fetch(options.url, { signal: options.signal }).catch((error: unknown) => {
    throw new KernError("KERN_CHANNEL_NETWORK", `downloading ${label} failed`, { cause: error });
  });
  if (!response.ok || !response.body) {
    throw new KernError(
      "KERN_CHANNEL_API",
      `downloading ${label} failed with HTTP ${response.status}`,
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
      throw fileTooLarge(size, maxBytes);
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** The text of a message whose file was not taken in: the file's line, why, then the caption. */
export function unreadFileLine(fileLine: string, error: unknown, caption: string): string {
  return [fileLine, `(not read: ${describeError(error)})`, caption.trim()].join("\n");
}
