// The session log: `.kern/sessions/<id>.jsonl`, the source of truth (SPEC §3). Appends only; one
// fsync per `sync()` (the runtime calls it once per turn). The newest file is the active session.
import { existsSync, mkdirSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Clock,
  createId,
  isoNow,
  type NewMessage,
  type SessionMessage,
} from "../kernel/index.js";
import { JsonlAppender, type LinePlace, scanJsonlFile } from "./jsonl-file.js";
import { readFirstLine, scanJsonlTail } from "./jsonl-tail.js";
import {
  fromMessageEntry,
  SESSION_SCHEMA_VERSION,
  type SessionHeader,
  sessionLineSchema,
  toMessageEntry,
} from "./session-entry.js";

export interface CorruptLine {
  file: string;
  lineNumber: number;
  reason: string;
}

export interface SessionFileInfo {
  id: string;
  file: string;
  createdAt: string;
}

/**
 * How `SessionLog.open` reads the active file: "full" parses every line (messages counted, corrupt
 * lines reported); "tail" reads only the header and the last lines (the torn-line repair and
 * `nextSeq` alike; `messages` is then `nextSeq` and corrupt lines are not looked for), so opening
 * a year-long log costs no scan of its past.
 */
export type SessionScanMode = "full" | "tail";

export interface SessionScan {
  info: SessionFileInfo;
  /** Messages in the file (with a "tail" scan: `nextSeq`, the count of a log without holes). */
  messages: number;
  nextSeq: number;
  corruptLines: CorruptLine[];
  repairedTornLine: boolean;
}

/**
 * Reads every message of a session file, skipping (and reporting) corrupt lines; `place` is where
 * the message's line sits in the file (the index reads its text from there).
 */
export function readSessionFile(
  file: string,
  onMessage: (message: SessionMessage, place: LinePlace) => void,
  options: { repair: boolean } = { repair: false },
): { header: SessionHeader | null; corruptLines: CorruptLine[]; repairedTornLine: boolean } {
  let header: SessionHeader | null = null;
  const corruptLines: CorruptLine[] = [];
  const report = scanJsonlFile(
    file,
    ({ lineNumber, text, at, bytes }) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        corruptLines.push({ file, lineNumber, reason: "not JSON" });
        return;
      }
      const parsed = sessionLineSchema.safeParse(value);
      if (!parsed.success) {
        corruptLines.push({
          file,
          lineNumber,
          reason: parsed.error.issues[0]?.message ?? "invalid",
        });
        return;
      }
      if (parsed.data.type === "session") header ??= parsed.data;
      else onMessage(fromMessageEntry(parsed.data), { at, bytes });
    },
    options,
  );
  return { header, corruptLines, repairedTornLine: report.repairedTornLine };
}

/** Session files in `sessionsDir`, oldest first (ids are time-ordered). */
export function listSessionFiles(sessionsDir: string): SessionFileInfo[] {
  if (!existsSync(sessionsDir)) return [];
  return readdirSync(sessionsDir)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => {
      const file = join(sessionsDir, name);
      return {
        id: name.slice(0, -".jsonl".length),
        file,
        createdAt: statSync(file).birthtime.toISOString(),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export class SessionLog {
  private appender: JsonlAppender;
  private scanState: SessionScan;

  private constructor(
    private readonly sessionsDir: string,
    private readonly clock: Clock,
    scan: SessionScan,
  ) {
    this.scanState = scan;
    this.appender = new JsonlAppender(scan.info.file);
  }

  /** Opens the newest session in `sessionsDir` (creating one when there is none), repairing a torn last line. */
  static open(options: { sessionsDir: string; clock: Clock; scan?: SessionScanMode }): SessionLog {
    mkdirSync(options.sessionsDir, { recursive: true, mode: 0o700 });
    const newest = listSessionFiles(options.sessionsDir).at(-1);
    const info = newest ?? createSessionFile(options.sessionsDir, options.clock);
    const scan =
      options.scan === "tail"
        ? scanSessionTail(info, options.clock)
        : scanSession(info, options.clock);
    return new SessionLog(options.sessionsDir, options.clock, scan);
  }

  /**
   * Creates the session file `<id>.jsonl` in `dir` and opens it: a sub-agent's transcript
   * (.kern/subagents/), never the active session (that is the newest file of `sessionsDir`).
   */
  static create(options: { dir: string; clock: Clock; id: string }): SessionLog {
    mkdirSync(options.dir, { recursive: true });
    const info = createSessionFile(options.dir, options.clock, options.id);
    const scan = { info, messages: 0, nextSeq: 0, corruptLines: [], repairedTornLine: false };
    return new SessionLog(options.dir, options.clock, scan);
  }

  /** Opens an existing session file (a sub-agent's transcript, to close it after a crash). */
  static openFile(options: { file: string; id: string; clock: Clock }): SessionLog {
    const info = { id: options.id, file: options.file, createdAt: isoNow(options.clock) };
    return new SessionLog(
      join(options.file, ".."),
      options.clock,
      scanSession(info, options.clock),
    );
  }

  get sessionId(): string {
    return this.scanState.info.id;
  }

  get file(): string {
    return this.scanState.info.file;
  }

  get nextSeq(): number {
    return this.scanState.nextSeq;
  }

  /** What loading found: corrupt lines skipped, a torn line repaired. */
  get scan(): SessionScan {
    return this.scanState;
  }

  /** Assigns seqs and appends the messages (no fsync: call `sync()` once per turn). */
  append(messages: readonly NewMessage[]): SessionMessage[] {
    return this.appendPlaced(messages).stored;
  }

  /** Like `append`, with where each message's line landed in the file (for the index). */
  appendPlaced(messages: readonly NewMessage[]): { stored: SessionMessage[]; places: LinePlace[] } {
    const stored = messages.map((message, index) => ({
      ...message,
      seq: this.scanState.nextSeq + index,
    }));
    const places = this.appender.append(stored.map(toMessageEntry));
    this.scanState = {
      ...this.scanState,
      nextSeq: this.scanState.nextSeq + stored.length,
      messages: this.scanState.messages + stored.length,
    };
    return { stored, places };
  }

  /** Makes everything appended so far durable (one fsync). */
  sync(): void {
    this.appender.sync();
  }

  /**
   * Cuts the active file back to `size` bytes holding messages below `nextSeq`: only for the
   * uncommitted lines of an import that failed (store/import-transaction.ts).
   */
  truncateTo(size: number, nextSeq: number): void {
    this.appender.close();
    truncateSync(this.file, size);
    const dropped = this.scanState.nextSeq - nextSeq;
    this.scanState = {
      ...this.scanState,
      nextSeq,
      messages: this.scanState.messages - dropped,
    };
    this.appender = new JsonlAppender(this.file);
  }

  /** Starts a new session file and makes it the active one; returns its id. */
  startNew(): string {
    this.appender.close();
    const info = createSessionFile(this.sessionsDir, this.clock);
    this.scanState = { info, messages: 0, nextSeq: 0, corruptLines: [], repairedTornLine: false };
    this.appender = new JsonlAppender(info.file);
    return info.id;
  }

  close(): void {
    this.appender.close();
  }
}

function createSessionFile(
  sessionsDir: string,
  clock: Clock,
  id = createId("session", clock.now()),
): SessionFileInfo {
  const file = join(sessionsDir, `${id}.jsonl`);
  const createdAt = isoNow(clock);
  const header: SessionHeader = { type: "session", v: SESSION_SCHEMA_VERSION, id, createdAt };
  writeFileSync(file, `${JSON.stringify(header)}\n`, { flag: "wx", mode: 0o600 });
  return { id, file, createdAt };
}

function scanSession(info: SessionFileInfo, clock: Clock): SessionScan {
  let messages = 0;
  let nextSeq = 0;
  const result = readSessionFile(
    info.file,
    (message) => {
      messages += 1;
      nextSeq = Math.max(nextSeq, message.seq + 1);
    },
    { repair: true },
  );
  if (!result.header && messages === 0) writeHeader(info, clock);
  return {
    info: { ...info, createdAt: result.header?.createdAt ?? info.createdAt },
    messages,
    nextSeq,
    corruptLines: result.corruptLines,
    repairedTornLine: result.repairedTornLine,
  };
}

/** An empty (or header-less) file is a new session, not a crash (LESSONS #9): give it a header. */
function writeHeader(info: SessionFileInfo, clock: Clock): void {
  const header: SessionHeader = {
    type: "session",
    v: SESSION_SCHEMA_VERSION,
    id: info.id,
    createdAt: isoNow(clock),
  };
  const appender = new JsonlAppender(info.file);
  appender.append([header]);
  appender.close();
}

/** A valid line of a session file, or null for a corrupt one. */
function parseSessionLine(text: string) {
  try {
    const parsed = sessionLineSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The "tail" scan: the last valid message line gives `nextSeq` (lines are appended in seq order),
 * the first line the header; a torn last line is repaired as the full scan does.
 */
function scanSessionTail(info: SessionFileInfo, clock: Clock): SessionScan {
  let nextSeq = 0;
  let header: SessionHeader | null = null;
  const report = scanJsonlTail(
    info.file,
    (text) => {
      const line = parseSessionLine(text);
      if (line?.type === "session") header = line;
      else if (line) nextSeq = fromMessageEntry(line).seq + 1;
      return line !== null;
    },
    { repair: true },
  );
  const first = headerOf(readFirstLine(info.file)) ?? header;
  if (!first && nextSeq === 0) writeHeader(info, clock);
  return {
    info: { ...info, createdAt: first?.createdAt ?? info.createdAt },
    messages: nextSeq,
    nextSeq,
    corruptLines: [],
    repairedTornLine: report.repairedTornLine,
  };
}

function headerOf(text: string | null): SessionHeader | null {
  const line = text === null ? null : parseSessionLine(text);
  return line?.type === "session" ? line : null;
}
