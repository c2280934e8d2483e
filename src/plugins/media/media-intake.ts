// Intake of one file (SPEC §15): store it by content hash with its type read from the bytes, then
// make words of it once: an image is described by the model (or mediaModel), a voice note or audio
// file transcribed (transcriptionModel), a document's text extracted and kept beside it. What it
// learned is written to `<id>.json`, so the same bytes sent again are not described twice.
import { describeError, isKernError, type MediaAttachment } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { ModelClient, Transcriber } from "../../model/index.js";
import {
  type AttachmentIntake,
  extractDocumentText,
  type IngestOptions,
  type IntakeResult,
} from "../../runtime/index.js";
import type { MediaRecord, MediaStore } from "../../store/index.js";
import { describeImage } from "./describe-image.js";
import { composeMediaText } from "./media-message.js";
import { oggDurationSeconds } from "./ogg-duration.js";

export interface MediaIntakeOptions {
  store: MediaStore;
  /** Image parts of the window's newest media turns; absent = the chat model sees no images. */
  images?: AttachmentIntake["images"];
  /** Describes images: mediaModel, else the chat model; null = no model (offline). */
  describer: { client: ModelClient; model: string } | null;
  transcriber: Transcriber | null;
  logger: Logger;
}

/** Time for one description or transcription: a slow local model on a long voice note. */
const INTAKE_CALL_TIMEOUT_MS = 120_000;

const NO_TRANSCRIBER_NOTE =
  "not transcribed: no transcription endpoint is set; set transcriptionModel (e.g. whisper-1) in .kern/config.json for an endpoint that serves /audio/transcriptions";
const NO_MODEL_NOTE = "not described: no model is configured";

export class MediaIntake implements AttachmentIntake {
  readonly images: AttachmentIntake["images"];

  constructor(private readonly options: MediaIntakeOptions) {
    this.images = options.images;
  }

  get store(): MediaStore {
    return this.options.store;
  }

  /** True when voice notes are transcribed (status, and the web page's hint). */
  get transcribes(): boolean {
    return this.options.transcriber !== null;
  }

  /**
   * Stores the file and makes words of it. Throws the store's KERN_MEDIA_* errors (nothing is
   * written then); a failed description or transcription is a note in the result, never a throw.
   */
  async ingest(options: IngestOptions): Promise<IntakeResult> {
    const stored = await this.options.store.put(options);
    const previous = await this.options.store.readRecord(stored.id);
    if (previous && !previous.note) return this.fromRecord(previous);
    const duration =
      options.durationSeconds ??
      (stored.kind === "voice" || stored.kind === "audio"
        ? (oggDurationSeconds(options.bytes) ?? undefined)
        : undefined);
    const attachment: MediaAttachment = {
      ...stored,
      ...(duration !== undefined ? { durationSeconds: duration } : {}),
    };
    const signal = AbortSignal.any([
      options.signal ?? new AbortController().signal,
      AbortSignal.timeout(INTAKE_CALL_TIMEOUT_MS),
    ]);
    const result = await this.analyze(attachment, options.bytes, options.caption ?? "", signal);
    await this.options.store.writeRecord({
      ...result.attachment,
      ...(result.description ? { description: result.description } : {}),
      ...(result.transcript ? { transcript: result.transcript } : {}),
      ...(result.note ? { note: result.note } : {}),
    });
    return result;
  }

  /** The text and attachments of a message carrying `results` and the sender's caption. */
  message(
    results: readonly IntakeResult[],
    caption: string,
  ): { text: string; attachments: MediaAttachment[]; caption: string } {
    return {
      text: composeMediaText(results, caption),
      attachments: results.map(({ attachment, transcript }) =>
        transcript ? { ...attachment, transcript } : attachment,
      ),
      caption: caption.trim(),
    };
  }

  /** A stored file's result by id (the web's `POST /message` after `POST /upload`). */
  async load(id: string): Promise<IntakeResult | null> {
    const record = await this.options.store.readRecord(id);
    return record ? this.fromRecord(record) : null;
  }

  private async fromRecord(record: MediaRecord): Promise<IntakeResult> {
    const { description, transcript, note, ...attachment } = record;
    const text =
      attachment.kind === "document" ? await this.options.store.readText(attachment.id) : null;
    return {
      attachment,
      ...(description ? { description } : {}),
      ...(transcript ? { transcript } : {}),
      ...(note ? { note } : {}),
      ...(text ? { text } : {}),
    };
  }

  private async analyze(
    attachment: MediaAttachment,
    bytes: Uint8Array,
    caption: string,
    signal: AbortSignal,
  ): Promise<IntakeResult> {
    const log = this.options.logger.child({ component: "media", mediaId: attachment.id });
    switch (attachment.kind) {
      case "image":
        return this.describe(attachment, bytes, caption, signal, log);
      case "voice":
      case "audio":
        return this.transcribe(attachment, bytes, signal, log);
      case "document":
        return this.extract(attachment, bytes);
      default: {
        const unreachable: never = attachment.kind;
        return { attachment, note: `unknown kind ${String(unreachable)}` };
      }
    }
  }

  private async describe(
    attachment: MediaAttachment,
    bytes: Uint8Array,
    caption: string,
    signal: AbortSignal,
    log: Logger,
  ): Promise<IntakeResult> {
    const describer = this.options.describer;
    if (!describer) return { attachment, note: NO_MODEL_NOTE };
    try {
      const description = await describeImage({
        ...describer,
        bytes,
        mediaType: attachment.mediaType,
        caption,
        signal,
      });
      log.info({ chars: description.length }, "image described");
      return description ? { attachment, description } : { attachment, note: "not described" };
    } catch (error) {
      log.warn({ error: describeError(error) }, "image description failed");
      return { attachment, note: `not described: ${failureText(error)}` };
    }
  }

  private async transcribe(
    attachment: MediaAttachment,
    bytes: Uint8Array,
    signal: AbortSignal,
    log: Logger,
  ): Promise<IntakeResult> {
    const transcriber = this.options.transcriber;
    if (!transcriber) return { attachment, note: NO_TRANSCRIBER_NOTE };
    try {
      const extension = attachment.file.split(".").at(-1) ?? "ogg";
      const transcript = await transcriber.transcribe(
        { bytes, name: `${attachment.id}.${extension}`, mediaType: attachment.mediaType },
        signal,
      );
      log.info({ chars: transcript.length }, "audio transcribed");
      return transcript ? { attachment, transcript } : { attachment, note: "no speech heard" };
    } catch (error) {
      log.warn({ error: describeError(error) }, "transcription failed");
      return { attachment, note: `not transcribed: ${failureText(error)}` };
    }
  }

  private async extract(attachment: MediaAttachment, bytes: Uint8Array): Promise<IntakeResult> {
    let document: Awaited<ReturnType<typeof extractDocumentText>>;
    try {
      document = await extractDocumentText(bytes, attachment.mediaType);
    } catch (error) {
      return { attachment, note: `no text extracted: ${failureText(error)}` };
    }
    const text = document.pages.join("\n\n").trim();
    const textFile = await this.options.store.writeText(attachment.id, text);
    const withText: MediaAttachment = {
      ...attachment,
      textFile,
      ...(document.pageCount !== undefined ? { pages: document.pageCount } : {}),
    };
    return text ? { attachment: withText, text } : { attachment: withText, note: "no text found" };
  }
}

function failureText(error: unknown): string {
  return isKernError(error) ? `${error.code}: ${error.message}` : describeError(error);
}
