// Everything one agent stores, opened together: the session log, the memory log and kern.db with
// its repositories. The daemon holds one; CLI commands without a daemon open one briefly.
import type { AgentPaths } from "../config/index.js";
import type { Clock, SessionMessage } from "../kernel/index.js";
import { openDatabase, type SqliteDatabase } from "./database.js";
import { type ImportMarker, rollBackImportFile, rollBackImportRows } from "./import-transaction.js";
import { withDamageCheck } from "./index-damage.js";
import type { LinePlace } from "./jsonl-file.js";
import { finishLeanMigration, type MigrationProgress } from "./lean-migration.js";
import { MemoryLog } from "./memory-log.js";
import { MessageRepo, type PlacedMessage } from "./message-repo.js";
import { findIndexMismatch, type IndexMismatch } from "./reconcile-index.js";
import { reindexAgent } from "./reindex.js";
import { SegmentRepo } from "./segment-repo.js";
import { readSessionFile, SessionLog, type SessionScanMode } from "./session-log.js";
import { StateRepo } from "./state-repo.js";
import type { MessageTokenCounter } from "./token-counter.js";
import { VectorIndex } from "./vector-index.js";
import { guardWrite } from "./write-failure.js";

export type { MigrationProgress } from "./lean-migration.js";
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
  /**
   * Appends messages to the active session's log and index (no fsync; see `sync`). `tokens`, when
   * given, holds their token counts made elsewhere (an import counts in a worker thread); a
   * message without one is counted here.
   */
  appendMessages(
    messages: ReadonlyArray<Omit<SessionMessage, "seq">>,
    tokens?: ReadonlyArray<number | undefined>,
  ): SessionMessage[];
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
  /** Progress of the lean index's migration of an older kern.db (lean-migration.ts). */
  onMigrate?: (progress: MigrationProgress) => void;
}

/** Opens the logs and the index, and indexes any log messages the index is missing. */
export function openAgentStore(options: OpenAgentStoreOptions): AgentStore {
  const marker = options.paths.importMarker ? rollBackImportFile(options.paths.importMarker) : null;
  const sessionLog = openSessionLog(options);
  const memoryLog = MemoryLog.open(options.paths.memoryLog);
  const countTokens = boundedCounter(options.countTokens);
  const { db, messages, mismatch } = openIndex({ ...options, countTokens }, sessionLog, marker);
  const appender = indexedAppends(options.paths.database, messages, sessionLog, countTokens);
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
    appendMessages: appender.appendMessages,
    appendToSideLog: appender.appendToSideLog,
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

/**
 * The store's two appends: each writes the log first (the truth), then the index rows pointing at
 * the lines just written. An index write that failed (a full disk) leaves the index behind the
 * log; the next append catches up first.
 */
function indexedAppends(
  path: string,
  messages: MessageRepo,
  sessionLog: SessionLog,
  countTokens: MessageTokenCounter,
): Pick<AgentStore, "appendMessages" | "appendToSideLog"> {
  let indexBehind = false;
  const index = (
    log: SessionLog,
    stored: SessionMessage[],
    places: LinePlace[],
    tokens?: ReadonlyArray<number | undefined>,
  ) =>
    guardWrite(path, () => {
      const { sessionId: id, file } = log;
      messages.ensureSession({ id, createdAt: log.scan.info.createdAt, file });
      messages.insert(id, placed(stored, places, countTokens, tokens));
    });
  return {
    appendMessages(newMessages, tokens) {
      if (indexBehind) {
        guardWrite(path, () => catchUpIndex(messages, sessionLog, countTokens));
        indexBehind = false;
      }
      const { stored, places } = guardWrite(sessionLog.file, () =>
        sessionLog.appendPlaced(newMessages),
      );
      try {
        index(sessionLog, stored, places, tokens);
      } catch (error) {
        indexBehind = true;
        throw error;
      }
      return stored;
    },
    appendToSideLog(log, newMessages) {
      const { stored, places } = guardWrite(log.file, () => log.appendPlaced(newMessages));
      index(log, stored, places);
      return stored;
    },
  };
}

/** Messages just appended, with their lines' places and token counts: what the index takes. */
function placed(
  stored: readonly SessionMessage[],
  places: readonly LinePlace[],
  countTokens: MessageTokenCounter,
  tokens?: ReadonlyArray<number | undefined>,
): PlacedMessage[] {
  return stored.map((message, index) => ({
    ...message,
    ...(places[index] as LinePlace),
    tokens: tokens?.[index] ?? countTokens(message),
  }));
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
    // An index older than the lean one: its rows learn where their lines are (a row no log
    // holds means the index and the logs disagree: rebuilt, like a mismatch).
    const unplaced = withDamageCheck(path, () => finishLeanMigration(db, options.onMigrate));
    const mismatch = withDamageCheck(path, () =>
      findIndexMismatch(db, sessionLog.sessionId, sessionLog.nextSeq),
    );
    if (mismatch || unplaced > 0) {
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
  const missing: PlacedMessage[] = [];
  readSessionFile(sessionLog.file, (message, place) => {
    if (message.seq >= from) missing.push({ ...message, ...place, tokens: countTokens(message) });
  });
  messages.insert(sessionLog.sessionId, missing);
}
