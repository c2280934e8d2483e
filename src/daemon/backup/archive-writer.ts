// Writes a gzipped tar (node-tar's Pack) one entry at a time, hashing each entry's bytes as they
// go, so the manifest lists exactly what the archive holds. An entry's size goes in its header
// before its data: a file read while it changes (it shrinks or grows past its size) fails the
// backup with a clear error rather than writing a torn entry.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, readFileSync, statSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { Header, Pack, ReadEntry } from "tar";
import { DaemonError } from "../../kernel/index.js";
import type { ManifestFile } from "./backup-manifest.js";

/** Files up to this size are read whole into memory, so they are copied as of one moment. */
const READ_WHOLE_BYTES = 8 * 1024 * 1024;

export interface AddedEntry extends ManifestFile {
  /** Newlines in the entry's bytes (a log's lines). */
  lines: number;
}

export class ArchiveWriter {
  private readonly pack = new Pack({ gzip: { level: 6 }, portable: true });
  private readonly done: Promise<void>;
  /** Bytes of entries written so far (uncompressed), for progress. */
  written = 0;

  constructor(
    file: string,
    private readonly onProgress: (written: number) => void = () => undefined,
  ) {
    this.done = pipeline(this.pack, createWriteStream(file, { mode: 0o600 }));
    // A write error surfaces from `finish`; until then it must not be an unhandled rejection.
    this.done.catch(() => undefined);
  }

  /** Adds `text` as the entry `path`. */
  async addText(path: string, text: string, mode = 0o600): Promise<AddedEntry> {
    return this.addBuffer(path, Buffer.from(text), mode);
  }

  /**
   * Adds the file as the entry `path`: its first `bytes` bytes when given (a log up to its cut),
   * else the whole file.
   */
  async addFile(path: string, file: string, options: { bytes?: number; mode: number }) {
    const size = options.bytes ?? statSync(file).size;
    if (options.bytes === undefined && size <= READ_WHOLE_BYTES)
      return this.addBuffer(path, readFileSync(file), options.mode);
    const entry = this.entry(path, size, options.mode);
    const hash = createHash("sha256");
    let got = 0;
    let lines = 0;
    if (size > 0) {
      for await (const chunk of createReadStream(file, { start: 0, end: size - 1 })) {
        const bytes = chunk as Buffer;
        got += bytes.length;
        if (got > size) break;
        hash.update(bytes);
        lines += countNewlines(bytes);
        await this.write(entry, bytes);
      }
    }
    if (got !== size) throw changedWhileRead(file);
    entry.end();
    return { path, bytes: size, sha256: hash.digest("hex"), lines };
  }

  /** Gives up on the archive (after a failed entry): the file is closed, left for the caller. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => undefined);
  }

  /** Ends the archive and waits until every byte is on disk. */
  async finish(): Promise<void> {
    this.pack.end();
    await this.done;
  }

  private async addBuffer(path: string, bytes: Buffer, mode: number): Promise<AddedEntry> {
    const entry = this.entry(path, bytes.length, mode);
    await this.write(entry, bytes);
    entry.end();
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    return { path, bytes: bytes.length, sha256, lines: countNewlines(bytes) };
  }

  private entry(path: string, size: number, mode: number): ReadEntry {
    // node-tar copies a ReadEntry into the archive as is (its `tar.r` path): the header is ours.
    const entry = new ReadEntry(new Header({ path, size, mode, type: "File", mtime: new Date() }));
    this.pack.add(entry);
    return entry;
  }

  private async write(entry: ReadEntry, bytes: Buffer): Promise<void> {
    this.written += bytes.length;
    this.onProgress(this.written);
    if (!entry.write(bytes)) await once(entry, "drain");
  }
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

function changedWhileRead(file: string): DaemonError {
  return new DaemonError(
    "KERN_BACKUP_FAILED",
    `${file} changed size while it was read; run the backup again`,
  );
}
