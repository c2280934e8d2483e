// Message texts read back from the session logs (ADR 0017): kern.db keeps, for each message, where
// its line sits in its session file (`at`, `bytes`), not a second copy of its text. The log is
// append-only (SG-12), so a line never moves once written; a line that is not the message the
// row says (a log replaced under the index) is index damage: rebuild with `kern reindex`.
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve } from "node:path";
import { type SessionMessage, StoreError } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";
import { fromMessageEntry, messageEntrySchema } from "./session-entry.js";

/** Where one message's line is: its session and seq, and its bytes in the session's file. */
export interface PlacedRow {
  session: string;
  seq: number;
  at: number | null;
  bytes: number | null;
}

function damaged(message: string, cause?: unknown): StoreError {
  return new StoreError(
    "KERN_INDEX_DAMAGED",
    `${message}; rebuild the index with 'kern reindex'`,
    cause === undefined ? undefined : { cause },
  );
}

/** The folder session files are named relative to: kern.db's own (`.kern/`), or none in memory. */
function baseOf(db: SqliteDatabase): string | null {
  return db.memory || db.name === "" ? null : dirname(resolve(db.name));
}

/**
 * How kern.db names a session file: relative to its own folder when the file is inside it, so an
 * agent folder that is moved or restored elsewhere keeps its index.
 */
export function storedFileName(db: SqliteDatabase, file: string): string {
  const base = baseOf(db);
  if (base === null) return file;
  const name = relative(base, resolve(file));
  return name.startsWith("..") || isAbsolute(name) ? resolve(file) : name;
}

export class LogReader {
  private readonly files = new Map<string, string>();

  constructor(private readonly db: SqliteDatabase) {}

  /** The session's file as a path (kern.db's `sessions.file`, resolved). */
  fileOf(session: string): string {
    const known = this.files.get(session);
    if (known !== undefined) return known;
    const stored = this.db.prepare("SELECT file FROM sessions WHERE id = ?").pluck().get(session) as
      | string
      | undefined;
    if (stored === undefined)
      throw damaged(`kern.db has messages of an unknown session ${session}`);
    const file = locate(stored, baseOf(this.db));
    this.files.set(session, file);
    return file;
  }

  /** Forgets the resolved files (a session file created or renamed). */
  forget(): void {
    this.files.clear();
  }

  /** The messages at `rows`, in their order; each session's file is opened once. */
  read(rows: readonly PlacedRow[]): SessionMessage[] {
    const out: SessionMessage[] = new Array(rows.length);
    const bySession = new Map<string, number[]>();
    rows.forEach((row, index) => {
      const list = bySession.get(row.session);
      if (list) list.push(index);
      else bySession.set(row.session, [index]);
    });
    for (const [session, indexes] of bySession) {
      const file = this.fileOf(session);
      const descriptor = openLog(file);
      try {
        for (const index of indexes)
          out[index] = readLine(descriptor, file, rows[index] as PlacedRow);
      } finally {
        closeSync(descriptor);
      }
    }
    return out;
  }
}

/**
 * A stored session file name as a path: relative ones from kern.db's folder; an absolute one (an
 * index older than ADR 0017) that is gone is looked for in the folder's sessions/ and subagents/
 * (an agent folder moved since).
 */
function locate(stored: string, base: string | null): string {
  if (base === null) return stored;
  if (!isAbsolute(stored)) return resolve(base, stored);
  if (existsSync(stored)) return stored;
  const moved = ["sessions", "subagents"].map((dir) => resolve(base, dir, basename(stored)));
  return moved.find((file) => existsSync(file)) ?? stored;
}

function openLog(file: string): number {
  try {
    return openSync(file, "r");
  } catch (error) {
    throw damaged(`cannot read the session log ${file} the index points at`, error);
  }
}

function readLine(descriptor: number, file: string, row: PlacedRow): SessionMessage {
  if (row.at === null || row.bytes === null)
    throw damaged(`kern.db does not know where message ${row.seq} of ${file} is`);
  const buffer = Buffer.allocUnsafe(row.bytes);
  const read = readSync(descriptor, buffer, 0, row.bytes, row.at);
  let entry: ReturnType<typeof messageEntrySchema.parse> | null = null;
  try {
    const value = JSON.parse(buffer.toString("utf8", 0, read)) as { type?: unknown; seq?: unknown };
    if (value.type === "message" && value.seq === row.seq) entry = messageEntrySchema.parse(value);
  } catch {
    entry = null;
  }
  if (entry === null)
    throw damaged(`the line kern.db points at in ${file} is not message ${row.seq}`);
  return fromMessageEntry(entry);
}
