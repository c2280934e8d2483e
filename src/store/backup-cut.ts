// The cut of a backup (issue 50; docs/operations.md): for each append-only log, the byte length
// of its whole lines at one moment, and the small documents written by atomic replace, read whole
// at that moment. Synchronous and cheap (stats and a tail read per file): inside the daemon it
// runs in one tick, between any two appends, so the one writer's state is what it records.
// Reads only; never repairs a file. Logs are cut memory log first, then the sessions: a memory
// record only ever names messages appended before it, so the cut memory log never names a
// message past the cut sessions.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { relative } from "node:path";
import { z } from "zod";
import type { AgentPaths } from "../config/index.js";
import { listSessionFiles } from "./session-log.js";

export interface LogCut {
  /** Relative to the agent folder, `/`-separated (`.kern/sessions/ID.jsonl`). */
  path: string;
  /** The log's first `bytes` bytes: whole lines, ending with a newline (0 = nothing yet). */
  bytes: number;
}

export interface FileSnapshot {
  path: string;
  text: string;
}

export interface BackupCut {
  takenAt: string;
  logs: LogCut[];
  /** jobs.json, pairing.json: whole, as they were at the cut. */
  snapshots: FileSnapshot[];
}

type CutPaths = Pick<
  AgentPaths,
  | "agentDir"
  | "memoryLog"
  | "sessionsDir"
  | "subagentsDir"
  | "jobsFile"
  | "pairingFile"
  | "importMarker"
>;

const TAIL_CHUNK = 64 * 1024;

/** Takes the cut now. `nowIso` is the moment recorded (the caller's clock). */
export function takeBackupCut(paths: CutPaths, nowIso: string): BackupCut {
  const name = (file: string) => relative(paths.agentDir, file).split("\\").join("/");
  const logs: LogCut[] = [];
  if (existsSync(paths.memoryLog))
    logs.push({ path: name(paths.memoryLog), bytes: wholeLinesLength(paths.memoryLog) });
  // Sub-agents write their transcripts before the main session learns their result.
  for (const folder of [paths.subagentsDir, paths.sessionsDir]) {
    for (const info of listSessionFiles(folder))
      logs.push({ path: name(info.file), bytes: wholeLinesLength(info.file) });
  }
  // An import not committed yet (its marker exists) is left out: its lines would be cut back
  // on the restored agent's first open anyway, and the marker names this folder's files.
  const pending = uncommittedImport(paths.importMarker);
  if (pending) {
    const log = logs.find((candidate) => candidate.path === name(pending.file));
    if (log) log.bytes = Math.min(log.bytes, pending.size);
  }
  const snapshots: FileSnapshot[] = [];
  for (const file of [paths.jobsFile, paths.pairingFile]) {
    const text = readIfExists(file);
    if (text !== null) snapshots.push({ path: name(file), text });
  }
  return { takenAt: nowIso, logs, snapshots };
}

/** Bytes up to and including the file's last newline: a torn last line is never counted. */
function wholeLinesLength(file: string): number {
  const descriptor = openSync(file, "r");
  try {
    const size = fstatSync(descriptor).size;
    const buffer = Buffer.alloc(TAIL_CHUNK);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - TAIL_CHUNK);
      const read = readSync(descriptor, buffer, 0, end - start, start);
      const newline = buffer.subarray(0, read).lastIndexOf(10);
      if (newline !== -1) return start + newline + 1;
      end = start;
    }
    return 0;
  } finally {
    closeSync(descriptor);
  }
}

const markerSchema = z.object({ file: z.string(), size: z.number().int().nonnegative() });

function uncommittedImport(markerFile: string): z.infer<typeof markerSchema> | null {
  const text = readIfExists(markerFile);
  if (text === null) return null;
  try {
    return markerSchema.parse(JSON.parse(text));
  } catch {
    return null; // torn before the import's first append: nothing of it reached the log
  }
}

function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // absent: nothing to keep
  }
}
