// A Telegram photo, voice note, audio file or document → bytes from the Bot API (getFile, then the
// file download path) → the runtime's media intake. The token is part of the download URL by the
// Bot API's design: the URL is never logged, and errors name the file id only.
import type { Api } from "grammy";
import { KernError, type MediaAttachment } from "../../kernel/index.js";
import {
  type AttachmentIntake,
  downloadFile,
  fileTooLarge,
  type IntakeResult,
  unreadFileLine,
} from "../../runtime/index.js";
import type { IncomingTelegramMessage } from "./to-envelope.js";

/** The one file of a message kern takes, with what Telegram says about it. */
export interface TelegramFileRef {
  kind: "image" | "voice" | "audio" | "document";
  fileId: string;
  fileSize?: number;
  fileName?: string;
  mimeType?: string;
  durationSeconds?: number;
  voice: boolean;
}

/** The file a message carries, or null. Photos come in sizes: the largest is taken. */
export function telegramFileOf(message: IncomingTelegramMessage): TelegramFileRef | null {
  const photo = message.photo?.at(-1);
  if (photo) {
    return { kind: "image", fileId: photo.file_id, fileSize: photo.file_size, voice: false };
  }
  const audio = message.voice ?? message.audio;
  if (audio) {
    return {
      kind: message.voice ? "voice" : "audio",
      fileId: audio.file_id,
      fileSize: audio.file_size,
      fileName: message.audio?.file_name,
      mimeType: audio.mime_type,
      durationSeconds: audio.duration,
      voice: message.voice !== undefined,
    };
  }
  const document = message.document;
  if (document) {
    return {
      kind: "document",
      fileId: document.file_id,
      fileSize: document.file_size,
      fileName: document.file_name,
      mimeType: document.mime_type,
      voice: false,
    };
  }
  return null;
}

export interface DownloadTelegramFileOptions {
  api: Api;
  apiRoot: string;
  token: string;
  ref: TelegramFileRef;
  maxBytes: number;
  signal: AbortSignal;
}

/** The file's bytes, refused past `maxBytes` (checked before and while downloading). */
async function downloadTelegramFile(options: DownloadTelegramFileOptions): Promise<Uint8Array> {
  const { ref, maxBytes } = options;
  if (ref.fileSize !== undefined && ref.fileSize > maxBytes)
    throw fileTooLarge(ref.fileSize, maxBytes);
  const file = await options.api.getFile(ref.fileId);
  if (!file.file_path) {
    throw new KernError(
      "KERN_CHANNEL_API",
      `Telegram gave no download path for file ${ref.fileId}`,
    );
  }
  const url = `${options.apiRoot.replace(/\/$/, "")}/file/bot${options.token}/${file.file_path}`;
  return downloadFile({ url, label: `file ${ref.fileId}`, maxBytes, signal: options.signal });
}

/** Downloads and takes in the message's file; the text and attachments of its envelope. */
export async function takeInTelegramFile(
  options: DownloadTelegramFileOptions & { media: AttachmentIntake; caption: string },
): Promise<{ text: string; attachments: MediaAttachment[]; caption: string }> {
  const bytes = await downloadTelegramFile(options);
  const { ref } = options;
  const result: IntakeResult = await options.media.ingest({
    bytes,
    voice: ref.voice,
    caption: options.caption,
    ...(ref.mimeType ? { claimedType: ref.mimeType } : {}),
    ...(ref.fileName ? { claimedName: ref.fileName } : {}),
    ...(ref.durationSeconds !== undefined ? { durationSeconds: ref.durationSeconds } : {}),
    signal: options.signal, // the bot's stop ends a PDF being read
  });
  return options.media.message([result], options.caption);
}

/**
 * The text of a message whose file could not be taken in (unsupported, too large, not what it
 * claims, not downloaded): the file's line with why, then the caption, which is not lost.
 */
export function unreadFileText(ref: TelegramFileRef, error: unknown, caption: string): string {
  const line = ref.fileName ? `[${ref.kind} ${ref.fileName}]` : `[${ref.kind}]`;
  return unreadFileLine(line, error, caption);
}
