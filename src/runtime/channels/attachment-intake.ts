// Files into a turn (SPEC §15): what channels and the web's upload hand a file to. The media
// plugin provides the one implementation (store by content hash, describe, transcribe, extract);
// without it a daemon refuses files. Types only.
import type { KernError, MediaAttachment, SessionMessage } from "../../kernel/index.js";
import type { ImagePart } from "../../model/index.js";
import type { MediaStore, PutMediaOptions } from "../../store/index.js";

/** What intake learned about one file, beside the attachment itself. */
export interface IntakeResult {
  attachment: MediaAttachment;
  description?: string;
  transcript?: string;
  /** A document's text (all of it; the message carries at most a few thousand characters). */
  text?: string;
  /** Why it has no description or transcript. */
  note?: string;
  /** The failure would repeat: the same bytes are not read again (MediaRecord.failed). */
  failed?: boolean;
}

export interface IngestOptions extends PutMediaOptions {
  /** The sender's caption; the describer sees it. */
  caption?: string;
  /** Known from the channel (Telegram says); else read from an Ogg file's last page. */
  durationSeconds?: number;
  signal?: AbortSignal;
}

/** A file received as a stream into a private temporary file (POST /upload), not read yet. */
export interface ReceivedFile {
  path: string;
  bytes: number;
}

export interface AttachmentIntake {
  /** The stored files: their size limits per kind, and their bytes. */
  readonly store: Pick<MediaStore, "limits" | "read">;
  /** True when voice notes are transcribed (status, and the web page's hint). */
  readonly transcribes: boolean;
  /** Stores the file and makes words of it; throws KERN_MEDIA_* when it refuses the file. */
  ingest(options: IngestOptions): Promise<IntakeResult>;
  /**
   * A file arriving as a stream, written to a temporary file as it comes; throws
   * `tooLarge(bytes)` past `limit`, KERN_DISK_FULL when the write fails.
   */
  receive(
    source: AsyncIterable<Uint8Array>,
    limit: number,
    tooLarge: (bytes: number) => KernError,
  ): Promise<ReceivedFile>;
  /** `ingest` of a received file, once its turn comes; the temporary file is removed after. */
  ingestFile(file: ReceivedFile, options: Omit<IngestOptions, "bytes">): Promise<IntakeResult>;
  /** Ends every parse and waiting intake at once (the daemon's stop never waits for one). */
  stop(): void;
  /** A stored file's intake result by id; null when unknown. */
  load(id: string): Promise<IntakeResult | null>;
  /** The text and attachments of a message carrying `results` and the sender's caption. */
  message(
    results: readonly IntakeResult[],
    caption: string,
  ): { text: string; attachments: MediaAttachment[]; caption: string };
  /**
   * Image parts for the window's newest media turns, by user message seq, when the chat model
   * sees images; absent or empty = none.
   */
  images?(window: readonly SessionMessage[]): Promise<Map<number, ImagePart[]>>;
}
