// The append step of an import, as a transaction (SPEC §3; issue 18, hole 3), on an open store —
// the CLI's own or the running daemon's. Pass 1 reads the whole file and validates it (a bad line
// anywhere: nothing is written); pass 2 reads it again and appends in batches under an import
// marker, so neither pass holds the file and a crash mid-way rolls back on the next open.
// Messages whose source id, role and content are already in the agent's index are skipped: a
// re-run of the same import appends nothing twice.
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { ConfigError, type ImportReport, type NewMessage } from "../kernel/index.js";
import { TokenCountThread } from "../memory/index.js";
import { type AgentStore, beginImportMarker, commitImportMarker } from "../store/index.js";
import { ImportBatches } from "./import-batches.js";
import { scanImportFile } from "./parse-import-file.js";

export interface AppendImportOptions {
  store: AgentStore;
  /** `.kern/import.pending.json` (AgentPaths.importMarker). */
  markerFile: string;
  file: string;
  /** How errors name the file (the user's path; the daemon reads an uploaded copy). */
  name?: string;
  /** The timestamp of messages without one (ISO-8601), the same in both passes. */
  now: string;
  /** Called as batches land: messages appended so far, of the total to append. */
  onProgress?: (done: number, total: number) => void;
  /** Called as the validating pass reads the file: MB read, of the file's MB. */
  onParse?: (doneMb: number, totalMb: number) => void;
}

export async function appendImport(options: AppendImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const { store } = options;
  const known = knownImportKeys(store);
  let toAppend = 0;
  let duplicates = 0;
  const mb = (bytes: number) => Math.ceil(bytes / 1_048_576);
  const scan = await scanImportFile({
    file: options.file,
    name: options.name,
    now: options.now,
    onBytes: (done, total) => options.onParse?.(mb(done), mb(total)),
    onMessage: (message) => {
      if (isKnown(known, message)) duplicates += 1;
      else toAppend += 1;
    },
  });
  const base = {
    format: scan.format,
    skippedSystemMessages: scan.skippedSystemMessages,
    skippedDuplicates: duplicates,
    session: store.sessionLog.sessionId,
  };
  if (toAppend === 0) {
    if (duplicates > 0) throw alreadyImported(options.name ?? options.file, duplicates);
    const seq = store.sessionLog.nextSeq;
    return { ...base, imported: 0, seqStart: seq, seqEnd: seq, ms: Date.now() - started };
  }
  store.sync();
  const marker = {
    session: store.sessionLog.sessionId,
    file: store.sessionLog.file,
    size: statSync(store.sessionLog.file).size,
    seqStart: store.sessionLog.nextSeq,
    source: options.name ?? options.file,
    startedAt: options.now,
  };
  beginImportMarker(options.markerFile, marker);
  try {
    await appendPass(options, known, toAppend);
    store.sync();
  } catch (error) {
    store.rollBackImport(marker);
    commitImportMarker(options.markerFile);
    throw error;
  }
  commitImportMarker(options.markerFile);
  return {
    ...base,
    imported: toAppend,
    seqStart: marker.seqStart,
    seqEnd: store.sessionLog.nextSeq,
    ms: Date.now() - started,
  };
}

/** Imports of more batches than this count their tokens in a worker thread (ImportBatches). */
const COUNT_IN_THREAD_FROM = 2000;

async function appendPass(
  options: AppendImportOptions,
  known: Set<string>,
  total: number,
): Promise<void> {
  const counter = total > COUNT_IN_THREAD_FROM ? new TokenCountThread() : null;
  const batches = new ImportBatches(options.store, counter, (done) =>
    options.onProgress?.(done, total),
  );
  try {
    await scanImportFile({
      file: options.file,
      name: options.name,
      now: options.now,
      onMessage: (message) => (isKnown(known, message) ? undefined : batches.add(message)),
    });
    await batches.finish();
  } finally {
    await counter?.close();
  }
  if (batches.done !== total) {
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `${options.name ?? options.file} changed while it was imported (${batches.done} messages read, ${total} validated); nothing was imported, run the import again`,
    );
  }
}

function importKey(sourceId: string, role: string, content: string | null): string {
  return createHash("sha1")
    .update(`${sourceId}\u0000${role}\u0000${content ?? ""}`)
    .digest("base64");
}

function knownImportKeys(store: AgentStore): Set<string> {
  const keys = new Set<string>();
  for (const row of store.messages.importedMessages())
    keys.add(importKey(row.sourceId, row.role, row.content));
  return keys;
}

function isKnown(known: Set<string>, message: NewMessage): boolean {
  const sourceId = message.meta?.sourceId;
  if (sourceId === undefined || known.size === 0) return false;
  return known.has(importKey(sourceId, message.role, message.content));
}

function alreadyImported(file: string, count: number): ConfigError {
  return new ConfigError(
    "KERN_IMPORT_DUPLICATE",
    `${file} is already imported: all ${count} of its messages are in the session (same source ids and content); nothing was appended`,
  );
}
