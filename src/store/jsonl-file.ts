// Append-only JSONL files: scanning with repair of a torn last line, and appends through one file
// descriptor with an explicit fsync. Never rewrites or deletes a complete line (SG-12).
import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";

export interface ScannedLine {
  /** 1-based line number in the file. */
  lineNumber: number;
  text: string;
  /** Where the line starts in the file, in bytes. */
  at: number;
  /** The line's length in bytes, without its newline. */
  bytes: number;
}

/** Where a line sits in its file: its first byte and its length without the newline. */
export interface LinePlace {
  at: number;
  bytes: number;
}

export interface ScanReport {
  lines: number;
  /** True when an incomplete last line (no trailing newline, not valid JSON) was cut off. */
  repairedTornLine: boolean;
  /** Bytes of the file after repair. */
  size: number;
}

const CHUNK_BYTES = 1 << 20;

/**
 * Reads a JSONL file line by line, calling `onLine` for each complete line. A last line without a
 * newline that does not parse as JSON is a torn write: it is truncated away when `repair` is set.
 */
export function scanJsonlFile(
  path: string,
  onLine: (line: ScannedLine) => void,
  options: { repair: boolean },
): ScanReport {
  const descriptor = openSync(path, options.repair ? "r+" : "r");
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let carry = Buffer.alloc(0);
    let offset = 0;
    let lineNumber = 0;
    let lastNewlineEnd = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, 0, CHUNK_BYTES, offset);
      if (read === 0) break;
      const chunk = Buffer.concat([carry, buffer.subarray(0, read)]);
      const chunkStart = offset - carry.length;
      offset += read;
      let start = 0;
      for (let index = chunk.indexOf(10, start); index !== -1; index = chunk.indexOf(10, start)) {
        lineNumber += 1;
        const text = chunk.toString("utf8", start, index).replace(/\r$/, "");
        const at = chunkStart + start;
        if (text.trim() !== "") onLine({ lineNumber, text, at, bytes: index - start });
        start = index + 1;
        lastNewlineEnd = chunkStart + start;
      }
      carry = Buffer.from(chunk.subarray(start));
    }
    let repairedTornLine = false;
    if (carry.length > 0) {
      const text = carry.toString("utf8");
      if (isJson(text)) {
        lineNumber += 1;
        onLine({ lineNumber, text, at: lastNewlineEnd, bytes: carry.length });
        if (options.repair) writeSync(descriptor, "\n", offset);
      } else if (options.repair) {
        ftruncateSync(descriptor, lastNewlineEnd);
        repairedTornLine = true;
      }
    }
    return { lines: lineNumber, repairedTornLine, size: statSync(path).size };
  } finally {
    closeSync(descriptor);
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

/** An open append-only JSONL file. `append` writes; `sync` makes it durable (one fsync). */
export class JsonlAppender {
  private readonly descriptor: number;
  private dirty = false;

  constructor(path: string) {
    this.descriptor = openSync(path, "a", 0o600);
  }

  /** Appends one line per value; returns where each line landed. */
  append(values: readonly unknown[]): LinePlace[] {
    if (values.length === 0) return [];
    const lines = values.map((value) => `${JSON.stringify(value)}\n`);
    const bytes = Buffer.from(lines.join(""));
    const before = fstatSync(this.descriptor).size;
    const places: LinePlace[] = [];
    let at = before;
    for (const line of lines) {
      const length = Buffer.byteLength(line) - 1;
      places.push({ at, bytes: length });
      at += length + 1;
    }
    try {
      // A full disk first writes part of the text, then fails: loop, and on failure cut the
      // partial line away, so the log never holds a torn line in the middle.
      let written = 0;
      while (written < bytes.length) {
        written += writeSync(this.descriptor, bytes, written, bytes.length - written);
      }
    } catch (error) {
      try {
        ftruncateSync(this.descriptor, before);
      } catch {
        // the scan on the next open repairs a torn last line
      }
      throw error;
    }
    this.dirty = true;
    return places;
  }

  sync(): void {
    if (!this.dirty) return;
    fsyncSync(this.descriptor);
    this.dirty = false;
  }

  close(): void {
    this.sync();
    closeSync(this.descriptor);
  }
}
