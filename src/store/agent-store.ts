// Everything one agent stores, opened together: the session log, the memory log and kern.db with
// its repositories. The daemon holds one; CLI commands without a daemon open one briefly.
import type { AgentPaths } from "../config/index.js";
import type { Clock, SessionMessage } from "../kernel/index.js";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { type ImportMarker, rollBackImportFile, rollBackImportRows } from "./import-transaction.js";
import { withDamageCheck } from "./index-damage.js";
import { MemoryLog } from "./memory-log.js";
import { MessageRepo } from "./message-repo.js";
import { findIndexMismatch, type IndexMismatch } from "./reconcile-index.js";
import { reindexAgent } from "./reindex.js";
import { SegmentRepo } from "./segment-repo.js";
import { readSessionFile, SessionLog, type SessionScanMode } from "./session-log.js";
import { StateRepo } from "./state-repo.js";
import type { MessageTokenCounter } from "./token-counter.js";
import { VectorIndex } from "./vector-index.js";
import { guardWrite } from "./write-failure.js";

export type { MessageTokenCounter } from "./token-counter.js";

export interface AgentStore {
  readonly sessionLog: SessionLog;
  readonly memoryLog: MemoryLog;
  readonly db: SqliteDatabase;
  readonly messages: MessageRepo;
  readonly segments: SegmentRepo;
  readonly vectors: VectorIndex;
  readonly state: StateRepo;
  /** How the index disagreed with the log when opened (then rebuilt from the logs), or null. */
  readonly rebuiltIndex: IndexMismatch | null;
  /** An import that did not commit before the last stop or crash, rolled back on open, or null. */
  readonly rolledBackImport: ImportMarker | null;
  /** Appends messages to the active session's log and index (no fsync; see `sync`). */
  appendMessages(messages: ReadonlyArray<Omit<SessionMessage, "seq">>): SessionMessage[];
  /**
   * Appends messages to another session file (a sub-agent's transcript) and indexes them under
   * that session, so recall finds them. No fsync: `log.sync()` once per step.
   */
  appendToSideLog(
    log: SessionLog,
    messages: ReadonlyArray<Omit<SessionMessage, "seq">>,
  ): SessionMessage[];
  /** One fsync of the session log: call once per turn. */
  sync(): void;
  /** Undoes the uncommitted lines of an import that failed in this process (log and index). */
  rollBackImport(marker: ImportMarker): void;
  close(): void;
}

export interface OpenAgentStoreOptions {
  paths: Pick<AgentPaths, "sessionsDir" | "memoryLog" | "database"> &
    Partial<Pick<AgentPaths, "importMarker">>;
  clock: Clock;
  countTokens: MessageTokenCounter;
  /**
   * How to read the session log on open (SessionLog.open): "tail" for commands that only read
   * (no corrupt-line report; the repairs and the index catch-up are the same). Default "full".
   */
  sessionScan?: SessionScanMode;
}

/** Opens the logs and the index, and indexes any log messages the index is missing. */
export function openAgentStore(options: OpenAgentStoreOptions): AgentStore {
  const marker = options.paths.importMarker ? rollBackImportFile(options.paths.importMarker) : null;
  const sessionLog = openSessionLog(options);
  const memoryLog = MemoryLog.open(options.paths.memoryLog);
  const countTokens = boundedCounter(options.countTokens);
  const path = options.paths.database;
  const { db, messages, mismatch } = openIndex({ ...options, countTokens }, sessionLog, marker);
  let indexBehind = false;
  return {
    sessionLog,
    memoryLog,
    db,
    messages,
    segments: new SegmentRepo(db),
    vectors: new VectorIndex(db),
    state: new StateRepo(db),
    rebuiltIndex: mismatch,
    rolledBackImport: marker,
    appendMessages(newMessages) {
      const logPath = sessionLog.file;
      // An index write that failed (a full disk) left the index behind the log: catch up first.
      if (indexBehind) {
        guardWrite(path, () => catchUpIndex(messages, sessionLog, countTokens));
        indexBehind = false;
      }
      const stored = guardWrite(logPath, () => sessionLog.append(newMessages));
      try {
        guardWrite(path, () => {
          messages.ensureSession({
            id: sessionLog.sessionId,
            createdAt: sessionLog.scan.info.createdAt,
            file: sessionLog.file,
          });
          messages.insert(
            sessionLog.sessionId,
            stored.map((message) => ({ ...message, tokens: countTokens(message) })),
          );
        });
      } catch (error) {
        indexBehind = true;
        throw error;
      }
      return stored;
    },
    appendToSideLog(log, newMessages) {
      const stored = guardWrite(log.file, () => log.append(newMessages));
      guardWrite(path, () => {
        messages.ensureSession({
          id: log.sessionId,
          createdAt: log.scan.info.createdAt,
          file: log.file,
        });
        messages.insert(
          log.sessionId,
          stored.map((message) => ({ ...message, tokens: countTokens(message) })),
        );
      });
      return stored;
    },
    sync: () => guardWrite(sessionLog.file, () => sessionLog.sync()),
    rollBackImport(failed) {
      if (failed.session !== sessionLog.sessionId) return;
      sessionLog.truncateTo(failed.size, failed.seqStart);
      rollBackImportRows(db, failed);
    },
    close() {
      sessionLog.close();
      memoryLog.close();
      messages.words.close();
      db.close();
    },
  };
}

function openSessionLog(options: OpenAgentStoreOptions): SessionLog {
  const { sessionsDir } = options.paths;
  return SessionLog.open({
    sessionsDir,
    clock: options.clock,
    scan: options.sessionScan ?? "full",
  });
}

/**
 * Opens kern.db for the session log: rolls back an import that did not commit, rebuilds an index
 * that disagrees with the logs, and indexes the log messages it is missing.
 */
function openIndex(
  options: OpenAgentStoreOptions,
  sessionLog: SessionLog,
  marker: ImportMarker | null,
): { db: SqliteDatabase; messages: MessageRepo; mismatch: IndexMismatch | null } {
  const path = options.paths.database;
  const { countTokens } = options;
  let db = openDatabase(path);
  try {
    if (marker) withDamageCheck(path, () => rollBackImportRows(db, marker));
    const mismatch = withDamageCheck(path, () =>
      findIndexMismatch(db, sessionLog.sessionId, sessionLog.nextSeq),
    );
    if (mismatch) {
      db.close();
      reindexAgent({ paths: options.paths, countTokens });
      db = openDatabase(path);
    }
    const messages = new MessageRepo(db);
    const info = sessionLog.scan.info;
    withDamageCheck(path, () => {
      messages.ensureSession({ id: info.id, createdAt: info.createdAt, file: info.file });
      catchUpIndex(messages, sessionLog, countTokens);
    });
    return { db, messages, mismatch };
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
}

/**
 * A token counter that never throws: a count that fails falls back to a character estimate
 * (4 characters a token), so no message can keep the index from catching up with the log.
 */
function boundedCounter(count: MessageTokenCounter): MessageTokenCounter {
  return (message) => {
    try {
      return count(message);
    } catch {
      return Math.ceil(JSON.stringify(message).length / 4);
    }
  };
}

/** After a crash between log append and index insert, the log is ahead: index the rest. */
function catchUpIndex(
  messages: MessageRepo,
  sessionLog: SessionLog,
  countTokens: MessageTokenCounter,
): void {
  const from = messages.nextSeq(sessionLog.sessionId);
  if (from >= sessionLog.nextSeq) return;
  const missing: Array<SessionMessage & { tokens: number }> = [];
  readSessionFile(sessionLog.file, (message) => {
    if (message.seq >= from) missing.push({ ...message, tokens: countTokens(message) });
  });
  messages.insert(sessionLog.sessionId, missing);
}
