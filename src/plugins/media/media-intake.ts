// Intake of one file (SPEC §15): store it by content hash with its type read from the bytes, then
// make words of it once: an image is described by the model (or mediaModel), a voice note or audio
// file transcribed (transcriptionModel), a document's text extracted and kept beside it. What it
// learned is written to `<id>.json`, so the same bytes sent again are not described twice.
import { readFile, rm } from "node:fs/promises";
import { describeError, KernError, type MediaAttachment } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { ModelClient, Transcriber } from "../../model/index.js";
import {
  type AttachmentIntake,
  ConcurrencyGate,
  type IngestOptions,
  type IntakeResult,
  ParseWorkers,
  type ReceivedFile,
} from "../../runtime/index.js";
import type { MediaRecord, MediaStore } from "../../store/index.js";
import { asDiskFull } from "./as-disk-full.js";
import { describeImage } from "./describe-image.js";
import { composeMediaText } from "./media-message.js";
import { oggDurationSeconds } from "./ogg-duration.js";
import { intakeFailureText, readDocument } from "./read-document.js";
import { receiveFile } from "./receive-file.js";

export interface MediaIntakeOptions {
  store: MediaStore;
  /** Describes images: mediaModel, else the chat model; null = no model (offline). */
  describer: { client: ModelClient; model: string } | null;
  transcriber: Transcriber | null;
  logger: Logger;
  /** Where documents are parsed (shared with the web tools); a pool of its own by default. */
  workers?: ParseWorkers;
  /** Image parts of the window's newest media turns; absent = the chat model sees no images. */
  images?: AttachmentIntake["images"];
}

/** Time for one description or transcription: a slow local model on a long voice note. */
const INTAKE_CALL_TIMEOUT_MS = 120_000;

const NO_TRANSCRIBER_NOTE =
  "not transcribed: no transcription endpoint is set; set transcriptionModel (e.g. whisper-1) in .kern/config.json for an endpoint that serves /audio/transcriptions";
const NO_MODEL_NOTE = "not described: no model is configured";
/**
 * Files taken in at once: each holds its bytes (and the copies a description, a transcription
 * or a parse makes) in memory until it is done; more wait their turn. Twelve 40 MB uploads at
 * once took the daemon to 1.6 GB (issue 49 item 10).
 */
const INTAKES_AT_ONCE = 2;

export class MediaIntake implements AttachmentIntake {
  readonly images: AttachmentIntake["images"];
  private readonly workers: ParseWorkers;
  private readonly gate = new ConcurrencyGate(INTAKES_AT_ONCE);

  constructor(private readonly options: MediaIntakeOptions) {
    this.workers = options.workers ?? new ParseWorkers();
    this.images = options.images;
  }

  get store(): MediaStore {
    return this.options.store;
  }

  /** Ends every parse at once (the daemon's stop never waits for one); waiting intakes end. */
  stop(): void {
    this.workers.stop();
    this.gate.close();
  }

  /**
   * A file arriving as a stream, written to `.kern/media/` as it comes (POST /upload); take it
   * in with `ingestFile`. Throws `tooLarge(bytes)` past `limit`, KERN_DISK_FULL when the write
   * fails.
   */
  receive(
    source: AsyncIterable<Uint8Array>,
    limit: number,
    tooLarge: (bytes: number) => KernError,
  ): Promise<ReceivedFile> {
    return receiveFile(source, { directory: this.options.store.directory, limit, tooLarge });
  }

  /** `ingest` of a received file, read once its turn comes; the file is removed after. */
  async ingestFile(
    file: ReceivedFile,
    options: Omit<IngestOptions, "bytes">,
  ): Promise<IntakeResult> {
    try {
      return await this.gated(options.signal, async () =>
        this.ingestBytes({ ...options, bytes: await readFile(file.path) }),
      );
    } finally {
      await rm(file.path, { force: true });
    }
  }

  /** True when voice notes are transcribed (status, and the web page's hint). */
  get transcribes(): boolean {
    return this.options.transcriber !== null;
  }

  /**
   * Stores the file and makes words of it. Throws the store's KERN_MEDIA_* errors (nothing is
   * written then); a failed description or transcription is a note in the result, never a throw.
   */
  ingest(options: IngestOptions): Promise<IntakeResult> {
    return this.gated(options.signal, () => this.ingestBytes(options));
  }

  private async gated<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const release = await this.gate.acquire(signal);
    if (!release)
      throw new KernError("KERN_UNAVAILABLE", "the daemon is stopping; send the file again");
    try {
      return await work();
    } catch (error) {
      throw asDiskFull(error, this.options.store.directory);
    } finally {
      release();
    }
  }

  private async ingestBytes(options: IngestOptions): Promise<IntakeResult> {
    const stored = await this.options.store.put(options);
    const previous = await this.options.store.readRecord(stored.id);
    if (previous && (!previous.note || previous.failed)) return this.fromRecord(previous);
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
      ...(result.failed ? { failed: true } : {}),
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
    const { description, transcript, note, failed, ...attachment } = record;
    const text =
      attachment.kind === "document" ? await this.options.store.readText(attachment.id) : null;
    return {
      attachment,
      ...(description ? { description } : {}),
      ...(transcript ? { transcript } : {}),
      ...(note ? { note } : {}),
      ...(failed ? { failed } : {}),
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
      case "document": {
        const { store } = this.options;
        return readDocument({ store, workers: this.workers, attachment, bytes, signal, log });
      }
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
      return { attachment, note: `not described: ${intakeFailureText(error)}` };
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
      return { attachment, note: `not transcribed: ${intakeFailureText(error)}` };
    }
  }
}
