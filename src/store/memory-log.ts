// The memory log `.kern/memory.jsonl`: append-only record of everything the memory worker made,
// so deleting kern.db loses nothing that cost money (SPEC §3).
import { existsSync } from "node:fs";
import { JsonlAppender, scanJsonlFile } from "./jsonl-file.js";
import { scanJsonlTail } from "./jsonl-tail.js";
import { type MemoryEntry, memoryEntrySchema } from "./memory-entry.js";
import type { CorruptLine } from "./session-log.js";

export class MemoryLog {
  private readonly appender: JsonlAppender;

  private constructor(private readonly path: string) {
    this.appender = new JsonlAppender(path);
  }

  /** Opens (creating) the memory log, repairing a torn last line (reading only the file's end). */
  static open(path: string): MemoryLog {
    if (existsSync(path)) scanJsonlTail(path, () => true, { repair: true });
    return new MemoryLog(path);
  }

  /** Appends entries and makes them durable (memory jobs are few and each one costs work). */
  append(entries: readonly MemoryEntry[]): void {
    this.appender.append(entries.map((entry) => ({ v: 1, ...entry })));
    this.appender.sync();
  }

  /** Every valid entry in order; corrupt lines are skipped and reported. */
  readAll(): { entries: MemoryEntry[]; corruptLines: CorruptLine[] } {
    return readMemoryLog(this.path);
  }

  /**
   * The newest entries, read from the end of the file back to (not including) the first one for
   * which `reached` is true, returned oldest first. Corrupt lines are skipped.
   */
  readNewestUntil(reached: (entry: MemoryEntry) => boolean): MemoryEntry[] {
    const newest: MemoryEntry[] = [];
    if (!existsSync(this.path)) return newest;
    scanJsonlTail(
      this.path,
      (text) => {
        const entry = parseEntry(text);
        if (typeof entry === "string") return false;
        if (reached(entry)) return true;
        newest.push(entry);
        return false;
      },
      { repair: false },
    );
    return newest.reverse();
  }

  close(): void {
    this.appender.close();
  }
}

/** One line as an entry, or why it is corrupt. */
function parseEntry(text: string): MemoryEntry | "not JSON" | "invalid entry" {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  const parsed = memoryEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : "invalid entry";
}

export function readMemoryLog(path: string): {
  entries: MemoryEntry[];
  corruptLines: CorruptLine[];
} {
  const entries: MemoryEntry[] = [];
  const corruptLines: CorruptLine[] = [];
  if (!existsSync(path)) return { entries, corruptLines };
  scanJsonlFile(
    path,
    ({ lineNumber, text }) => {
      const entry = parseEntry(text);
      if (typeof entry === "string") corruptLines.push({ file: path, lineNumber, reason: entry });
      else entries.push(entry);
    },
    { repair: false },
  );
  return { entries, corruptLines };
}
