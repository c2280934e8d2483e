// `.kern/media/`: files people send, stored by content hash (`<sha256 prefix>.<ext>`), the type read
// from the bytes, a limit per kind, written to a temporary file and renamed (a crash or a refusal
// leaves nothing half-written), mode 0600. Beside each file: `<id>.json` (what intake made of it)
// and, for documents, `<id>.txt` (the extracted text). Files are stored, never executed.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { z } from "zod";
import type { AgentPaths } from "../config/index.js";
import {
  KernError,
  type MediaAttachment,
  type MediaKind,
  mediaAttachmentSchema,
  parseJsonOrUndefined,
} from "../kernel/index.js";
import { sniffMediaType } from "./sniff-media-type.js";

export type MediaLimits = Readonly<Record<MediaKind, number>>;

export interface PutMediaOptions {
  bytes: Uint8Array;
  claimedType?: string;
  claimedName?: string;
  /** Audio arrived as a voice note. */
  voice?: boolean;
  /** The name people see when the sender gave none (`photo-<id4>.png` is made otherwise). */
  fallbackName?: string;
}

/** What intake learned about a stored file, kept beside it in `<id>.json`. */
export const mediaRecordSchema = mediaAttachmentSchema.extend({
  description: z.string().optional(),
  transcript: z.string().optional(),
  /** Why intake could not describe or transcribe it (no model, no endpoint, a failure). */
  note: z.string().optional(),
  /**
   * Intake failed in a way a retry repeats (a parser's limit, a file pdf.js cannot open) or did
   * not finish (written before a PDF is read: a kill -9 meanwhile leaves it): the same bytes are
   * not read again, so a re-delivered message cannot freeze the daemon twice. Without it, a note
   * means "retry when the bytes come again" (a model that was down).
   */
  failed: z.boolean().optional(),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

const ID_LENGTH = 16; // 64 bits of sha256: collisions are out of reach for one agent's files.

function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;
}

/** The configured limit text and key, for messages: `document limit 50 MB (media.maxBytes.document)`. */
function describeLimit(kind: MediaKind, limits: MediaLimits): string {
  return `the ${kind} limit is ${formatMiB(limits[kind])} (media.maxBytes.${kind} in .kern/config.json)`;
}

export class MediaStore {
  private constructor(
    readonly agentDir: string,
    readonly directory: string,
    readonly limits: MediaLimits,
  ) {}

  /** No I/O until the first put: `.kern/media/` is made then. */
  static open(paths: Pick<AgentPaths, "agentDir" | "mediaDir">, limits: MediaLimits): MediaStore {
    return new MediaStore(paths.agentDir, paths.mediaDir, limits);
  }

  /**
   * Stores the bytes (idempotent: the same bytes give the same id and file). Throws
   * KERN_MEDIA_UNSUPPORTED, KERN_MEDIA_TYPE_MISMATCH or KERN_MEDIA_TOO_LARGE before writing.
   */
  async put(options: PutMediaOptions): Promise<MediaAttachment> {
    const sniffed = await sniffMediaType(options);
    const limit = this.limits[sniffed.kind];
    if (options.bytes.length > limit) {
      throw new KernError(
        "KERN_MEDIA_TOO_LARGE",
        `the ${sniffed.kind} is ${formatMiB(options.bytes.length)}; ${describeLimit(sniffed.kind, this.limits)}`,
      );
    }
    const id = createHash("sha256").update(options.bytes).digest("hex").slice(0, ID_LENGTH);
    const fileName = `${id}.${sniffed.extension}`;
    await this.writeAtomically(fileName, options.bytes);
    const name =
      options.claimedName?.trim() ||
      options.fallbackName ||
      `${sniffed.kind === "image" ? "photo" : sniffed.kind}-${id.slice(0, 4)}.${sniffed.extension}`;
    return {
      id,
      kind: sniffed.kind,
      mediaType: sniffed.mediaType,
      name: sanitizeName(name),
      file: this.relativeFile(fileName),
      bytes: options.bytes.length,
    };
  }

  /** The bytes of a stored file (`attachment.file`); refuses paths outside `.kern/media/`. */
  async read(attachment: Pick<MediaAttachment, "file">): Promise<Buffer> {
    return readFile(this.absolute(attachment.file));
  }

  absolute(file: string): string {
    const path = join(this.agentDir, file);
    const inside = relative(this.directory, path);
    if (inside.startsWith("..") || inside.includes("/") || inside === "") {
      throw new KernError("KERN_MEDIA_NOT_FOUND", `${file} is not a file of .kern/media/`);
    }
    return path;
  }

  /** Writes `<id>.txt` (a document's text) and returns its path relative to the agent folder. */
  async writeText(id: string, text: string): Promise<string> {
    await this.writeAtomically(`${id}.txt`, Buffer.from(text, "utf8"));
    return this.relativeFile(`${id}.txt`);
  }

  async readText(id: string): Promise<string | null> {
    return readFile(join(this.directory, `${checkId(id)}.txt`), "utf8").catch(() => null);
  }

  async writeRecord(record: MediaRecord): Promise<void> {
    const json = `${JSON.stringify(mediaRecordSchema.parse(record), null, 2)}\n`;
    await this.writeAtomically(`${record.id}.json`, Buffer.from(json, "utf8"));
  }

  /** The record intake wrote, or null (never stored, or stored by a crashed intake). */
  async readRecord(id: string): Promise<MediaRecord | null> {
    const text = await readFile(join(this.directory, `${checkId(id)}.json`), "utf8").catch(
      () => null,
    );
    const parsed = mediaRecordSchema.safeParse(
      text === null ? undefined : parseJsonOrUndefined(text),
    );
    return parsed.success ? parsed.data : null;
  }

  /** Names in `.kern/media/` (tests and doctor: no `.tmp-` file may stay). */
  async list(): Promise<string[]> {
    return readdir(this.directory).catch(() => []);
  }

  private relativeFile(fileName: string): string {
    return relative(this.agentDir, join(this.directory, fileName));
  }

  private async writeAtomically(fileName: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const target = join(this.directory, fileName);
    const existing = await stat(target).catch(() => null);
    if (existing?.isFile() && existing.size === bytes.length && !fileName.endsWith(".json")) return;
    const temporary = join(this.directory, `.tmp-${randomBytes(6).toString("hex")}`);
    try {
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

function checkId(id: string): string {
  if (!/^[0-9a-f]{16}$/.test(id)) {
    throw new KernError("KERN_MEDIA_NOT_FOUND", `${id} is not a media id (16 hex digits)`);
  }
  return id;
}

/** A display name without path parts or control characters, at most 120 characters. */
function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? name;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f[\]]/g, "").trim();
  return (clean || "file").slice(0, 120);
}
