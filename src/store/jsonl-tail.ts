// The end of an append-only JSONL file, read backwards: the torn-line repair of `scanJsonlFile`
// without reading the whole file, and the last lines newest first. Opening a year-long log
// (hundreds of MB) for a read-only command or to append must not cost a scan of its past.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from "node:fs";

const CHUNK_BYTES = 1 << 16;

export interface TailReport {
  /** True when an incomplete last line (no trailing newline, not valid JSON) was cut off. */
  repairedTornLine: boolean;
}

/**
 * Calls `onLine` with the file's complete lines from the last one backwards until it returns
 * true (found) or the file's start is reached. A last line without a newline is handled as
 * `scanJsonlFile` does: valid JSON gets its newline (with `repair`), a torn write is cut away
 * (with `repair`) or skipped (without).
 */
export function scanJsonlTail(
  path: string,
  onLine: (text: string) => boolean,
  options: { repair: boolean },
): TailReport {
  const descriptor = openSync(path, options.repair ? "r+" : "r");
  try {
    const size = fstatSync(descriptor).size;
    const reader = new BackwardReader(descriptor, size);
    const last = reader.nextLine();
    let repairedTornLine = false;
    if (last !== null && !last.terminated) {
      if (isJson(last.text)) {
        if (options.repair) writeSync(descriptor, "\n", size);
        if (onLine(last.text)) return { repairedTornLine };
      } else if (options.repair) {
        ftruncateSync(descriptor, last.start);
        repairedTornLine = true;
      }
    } else if (last !== null && last.text.trim() !== "" && onLine(last.text)) {
      return { repairedTornLine };
    }
    for (let line = reader.nextLine(); line !== null; line = reader.nextLine()) {
      if (line.text.trim() !== "" && onLine(line.text)) break;
    }
    return { repairedTornLine };
  } finally {
    closeSync(descriptor);
  }
}

/** The first line of a file (a log's header), or null when the file has no complete line. */
export function readFirstLine(path: string, maxBytes = 1 << 20): string | null {
  const descriptor = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(maxBytes, Math.max(1, fstatSync(descriptor).size)));
    const read = readSync(descriptor, buffer, 0, buffer.length, 0);
    const end = buffer.subarray(0, read).indexOf(10);
    return end === -1 ? null : buffer.toString("utf8", 0, end).replace(/\r$/, "");
  } finally {
    closeSync(descriptor);
  }
}

interface TailLine {
  text: string;
  /** Byte offset of the line's first byte. */
  start: number;
  /** False for a last line without a trailing newline. */
  terminated: boolean;
}

/** Lines of a file from its end backwards, read in chunks. */
class BackwardReader {
  /** Bytes [position, end) are read and not yet returned, held in `pending`. */
  private pending = Buffer.alloc(0);
  private position: number;
  private first = true;

  constructor(
    private readonly descriptor: number,
    size: number,
  ) {
    this.position = size;
  }

  nextLine(): TailLine | null {
    if (this.first) {
      this.first = false;
      return this.firstLine();
    }
    // `pending` ends just before a newline (or is empty at the file's start).
    for (;;) {
      const cut = this.pending.lastIndexOf(10);
      if (cut !== -1 || this.position === 0) {
        if (cut === -1 && this.pending.length === 0) return null;
        const start = this.position + cut + 1;
        const text = this.pending.toString("utf8", cut + 1).replace(/\r$/, "");
        this.pending = cut === -1 ? Buffer.alloc(0) : this.pending.subarray(0, cut);
        return { text, start, terminated: true };
      }
      this.readBefore();
    }
  }

  /** The last line: after the last newline (unterminated), or the one that newline ends. */
  private firstLine(): TailLine | null {
    while (this.position > 0 && this.pending.lastIndexOf(10) === -1) this.readBefore();
    const cut = this.pending.lastIndexOf(10);
    if (cut === -1) {
      if (this.pending.length === 0) return null;
      const text = this.pending.toString("utf8");
      this.pending = Buffer.alloc(0);
      return { text, start: 0, terminated: false };
    }
    if (cut < this.pending.length - 1) {
      const text = this.pending.toString("utf8", cut + 1);
      const start = this.position + cut + 1;
      this.pending = this.pending.subarray(0, cut);
      return { text, start, terminated: false };
    }
    this.pending = this.pending.subarray(0, cut);
    return this.nextLine();
  }

  /** Reads at least as much as is pending (so a long line costs O(its length), not O(length²)). */
  private readBefore(): void {
    const length = Math.min(Math.max(CHUNK_BYTES, this.pending.length), this.position);
    const chunk = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const got = readSync(
        this.descriptor,
        chunk,
        read,
        length - read,
        this.position - length + read,
      );
      if (got === 0) break;
      read += got;
    }
    this.position -= length;
    this.pending = Buffer.concat([chunk, this.pending]);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false; // not JSON: a torn write
  }
}
