// Rebuilds kern.db from the two logs alone (SG-12): every session's messages, then every segment,
// summary, working-memory and notes-summary record from the memory log. Zero model calls.
import { closeSync, openSync, readSync, rmSync } from "node:fs";
import type { AgentPaths } from "../config/index.js";
import { KernError } from "../kernel/index.js";
import { openDatabase, type SqliteDatabase } from "./database.js";
import type { MemoryEntry } from "./memory-entry.js";
import { readMemoryLog } from "./memory-log.js";
import { MessageRepo, type PlacedMessage } from "./message-repo.js";
import { SegmentRepo } from "./segment-repo.js";
import { type CorruptLine, listSessionFiles, readSessionFile } from "./session-log.js";
import { StateRepo } from "./state-repo.js";
import type { MessageTokenCounter } from "./token-counter.js";

export interface ReindexProgress {
  phase: "messages" | "memory";
  done: number;
  total: number;
}

export interface ReindexReport {
  sessions: number;
  messages: number;
  segments: number;
  summaries: number;
  skippedEntries: number;
  corruptLines: CorruptLine[];
  ms: number;
}

export interface ReindexOptions {
  paths: Pick<AgentPaths, "sessionsDir" | "memoryLog" | "database"> &
    Partial<Pick<AgentPaths, "subagentsDir">>;
  countTokens: MessageTokenCounter;
  onProgress?: (progress: ReindexProgress) => void;
}

const BATCH = 2000;

/** Deletes kern.db and rebuilds it from the logs. Vectors are re-embedded later by the worker. */
export function reindexAgent(options: ReindexOptions): ReindexReport {
  const started = Date.now();
  for (const suffix of ["", "-wal", "-shm"])
    rmSync(`${options.paths.database}${suffix}`, { force: true });
  const db = openDatabase(options.paths.database);
  try {
    const report = indexSessions(db, options);
    const memory = replayMemoryLog(db, options);
    return {
      ...report,
      ...memory,
      corruptLines: [...report.corruptLines, ...memory.corruptLines],
      ms: Date.now() - started,
    };
  } finally {
    db.close();
  }
}

function indexSessions(db: SqliteDatabase, options: ReindexOptions) {
  const messages = new MessageRepo(db);
  // Sub-agents' transcripts are sessions of their own, indexed for recall like the main ones.
  const files = [
    ...listSessionFiles(options.paths.sessionsDir),
    ...(options.paths.subagentsDir ? listSessionFiles(options.paths.subagentsDir) : []),
  ];
  const corruptLines: CorruptLine[] = [];
  // The bar's total: lines of the session files (one per message, plus headers), counted first.
  const total = files.reduce((sum, info) => sum + countLines(info.file), 0);
  let count = 0;
  for (const info of files) {
    messages.ensureSession({ id: info.id, createdAt: info.createdAt, file: info.file });
    let batch: PlacedMessage[] = [];
    const { corruptLines: corrupt } = readSessionFile(info.file, (message, place) => {
      batch.push({ ...message, ...place, tokens: options.countTokens(message) });
      if (batch.length >= BATCH) {
        messages.insert(info.id, batch);
        count += batch.length;
        batch = [];
        options.onProgress?.({ phase: "messages", done: count, total: Math.max(total, count) });
      }
    });
    messages.insert(info.id, batch);
    count += batch.length;
    corruptLines.push(...corrupt);
  }
  options.onProgress?.({ phase: "messages", done: count, total: count });
  return { sessions: files.length, messages: count, corruptLines };
}

function replayMemoryLog(db: SqliteDatabase, options: ReindexOptions) {
  const { entries, corruptLines } = readMemoryLog(options.paths.memoryLog);
  const applied = applyMemoryEntries(db, entries, (done) =>
    options.onProgress?.({ phase: "memory", done, total: entries.length }),
  );
  options.onProgress?.({ phase: "memory", done: entries.length, total: entries.length });
  return { ...applied, corruptLines };
}

/** Replays memory-log entries into the index; entries the tiling rejects are counted, not fatal. */
export function applyMemoryEntries(
  db: SqliteDatabase,
  entries: readonly MemoryEntry[],
  onProgress?: (done: number) => void,
): { segments: number; summaries: number; skippedEntries: number } {
  const segments = new SegmentRepo(db);
  const state = new StateRepo(db);
  let segmentCount = 0;
  let summaries = 0;
  let skippedEntries = 0;
  db.transaction(() => {
    entries.forEach((entry, index) => {
      try {
        if (applyEntry(entry, segments, state) === "segment") segmentCount += 1;
        else if (entry.type === "summary-write") summaries += 1;
      } catch {
        skippedEntries += 1; // a record the tiling rejects (e.g. left by a crash); doctor reports drift
      }
      if (index % 1000 === 0) onProgress?.(index);
    });
  })();
  return { segments: segmentCount, summaries, skippedEntries };
}

function applyEntry(
  entry: MemoryEntry,
  segments: SegmentRepo,
  state: StateRepo,
): "segment" | "other" {
  switch (entry.type) {
    case "segment-close": {
      const { type: _type, ts: _ts, v: _v, childIds, ...segment } = entry;
      if (childIds && childIds.length > 0) segments.insertParent(segment, childIds);
      else segments.insertLeaf(segment);
      return "segment";
    }
    case "summary-write":
      segments.setSummary(entry.segmentId, {
        text: entry.summary,
        tokens: entry.summaryTokens,
        method: entry.method,
        stale: entry.stale,
      });
      return "other";
    case "working-memory-write":
      state.setWorkingMemory({
        session: entry.session,
        content: entry.content,
        method: entry.method,
        seqEnd: entry.seqEnd,
        updatedAt: entry.ts,
      });
      return "other";
    case "notes-summary-write":
      state.setNotesSummary({
        paths: entry.paths,
        summary: entry.summary,
        method: entry.method,
        updatedAt: entry.ts,
      });
      return "other";
    default: {
      const unreachable: never = entry;
      throw new KernError("KERN_INTERNAL", `unknown memory entry ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Newlines in a file, read 1 MB at a time. */
function countLines(file: string): number {
  const descriptor = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(1 << 20);
    let lines = 0;
    for (let read = readSync(descriptor, buffer); read > 0; read = readSync(descriptor, buffer)) {
      for (
        let index = buffer.indexOf(10);
        index !== -1 && index < read;
        index = buffer.indexOf(10, index + 1)
      )
        lines += 1;
    }
    return lines;
  } finally {
    closeSync(descriptor);
  }
}
