// The checks of `kern doctor` (SPEC §10): segment tiling and tree shape, bounds, vectors, corrupt
// log lines and drift between the memory log and the index. Reads only; doctor.ts repairs.
import { dirname } from "node:path";
import type { Segment } from "../../kernel/index.js";
import {
  type AgentStore,
  type CorruptLine,
  listSessionFiles,
  type MemoryEntry,
  readSessionFile,
} from "../../store/index.js";
import { entriesMissingFromIndex } from "../memory-writes.js";

export type DoctorCheck =
  | "l0-tiling"
  | "rollup-range"
  | "orphans"
  | "segment-bounds"
  | "vectors"
  | "summaries"
  | "corrupt-lines"
  | "log-seq"
  | "memory-log-drift"
  | "log-index";

export const DOCTOR_CHECKS: readonly DoctorCheck[] = [
  "l0-tiling",
  "rollup-range",
  "orphans",
  "segment-bounds",
  "vectors",
  "summaries",
  "corrupt-lines",
  "log-seq",
  "memory-log-drift",
  "log-index",
];

export type DoctorSeverity = "error" | "warn" | "info";

export interface DoctorFinding {
  check: DoctorCheck;
  severity: DoctorSeverity;
  message: string;
  /** What `kern doctor --fix` (or the user) can do about it; absent when nothing is needed. */
  fix?: string;
}

/** What the checks read once and share. */
export interface DoctorInput {
  store: AgentStore;
  sessions: Array<{ id: string; segments: Segment[]; nextSeq: number }>;
  log: { entries: MemoryEntry[]; corruptLines: CorruptLine[] };
  /** Corrupt lines of the memory log and every session log. */
  corruptLines: CorruptLine[];
  /** Session logs whose seqs repeat or skip (two writers, lines deleted by hand). */
  seqProblems: SeqProblem[];
}

export interface SeqProblem {
  file: string;
  /** Seqs that appear more than once (first few). */
  duplicates: number[];
  /** Missing runs `[from, to)` between seqs present (first few). */
  gaps: Array<[number, number]>;
}

export function readDoctorInput(store: AgentStore): DoctorInput {
  const sessions = store.messages.sessionIds().map((id) => ({
    id,
    segments: store.segments.list(id),
    nextSeq: store.messages.nextSeq(id),
  }));
  const log = store.memoryLog.readAll();
  const corruptLines = [...log.corruptLines];
  const seqProblems: SeqProblem[] = [];
  for (const info of listSessionFiles(dirname(store.sessionLog.file))) {
    const seqs = new SeqTracker(info.file);
    corruptLines.push(
      ...readSessionFile(info.file, (message) => seqs.add(message.seq)).corruptLines,
    );
    const problem = seqs.problem();
    if (problem) seqProblems.push(problem);
  }
  return { store, sessions, log, corruptLines, seqProblems };
}

/** Follows a session log's seqs in file order: each should be one more than the last. */
class SeqTracker {
  private expected = 0;
  private readonly seen = new Set<number>();
  private readonly duplicates: number[] = [];
  private readonly gaps: Array<[number, number]> = [];

  constructor(private readonly file: string) {}

  add(seq: number): void {
    if (this.seen.has(seq)) {
      if (this.duplicates.length < 5) this.duplicates.push(seq);
      return;
    }
    this.seen.add(seq);
    if (seq > this.expected && this.gaps.length < 5) this.gaps.push([this.expected, seq]);
    this.expected = Math.max(this.expected, seq + 1);
  }

  problem(): SeqProblem | null {
    if (this.duplicates.length === 0 && this.gaps.length === 0) return null;
    return { file: this.file, duplicates: this.duplicates, gaps: this.gaps };
  }
}

const REINDEX_FIX = "run 'kern reindex' to rebuild the index from the logs";

function checkTiling(input: DoctorInput): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const session of input.sessions) {
    let cursor = 0;
    for (const leaf of session.segments.filter((segment) => segment.level === 0)) {
      if (leaf.seqStart !== cursor) {
        const kind = leaf.seqStart > cursor ? "gap" : "overlap";
        findings.push({
          check: "l0-tiling",
          severity: "error",
          message: `session ${session.id}: ${kind} at ${cursor}-${leaf.seqStart} before L0 ${leaf.id}`,
          fix: REINDEX_FIX,
        });
      }
      cursor = Math.max(cursor, leaf.seqEnd);
    }
  }
  return findings;
}

function checkTree(input: DoctorInput): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const session of input.sessions) {
    const byId = new Map(session.segments.map((segment) => [segment.id, segment]));
    const children = new Map<string, Segment[]>();
    for (const segment of session.segments) {
      if (segment.parentId === null) continue;
      if (!byId.has(segment.parentId)) {
        findings.push({
          check: "orphans",
          severity: "warn",
          message: `segment ${segment.id} names a missing parent ${segment.parentId}`,
          fix: REINDEX_FIX,
        });
        continue;
      }
      children.set(segment.parentId, [...(children.get(segment.parentId) ?? []), segment]);
    }
    for (const parent of session.segments.filter((segment) => segment.level > 0)) {
      const list = children.get(parent.id) ?? [];
      const problem = rollupProblem(parent, list);
      if (problem) {
        findings.push({
          check: list.length === 0 ? "orphans" : "rollup-range",
          severity: "error",
          message: `rollup ${parent.id}: ${problem}`,
          fix: REINDEX_FIX,
        });
      }
    }
  }
  return findings;
}

function rollupProblem(parent: Segment, children: readonly Segment[]): string | null {
  if (children.length === 0) return "has no children";
  let cursor = parent.seqStart;
  for (const child of children) {
    if (child.level !== parent.level - 1) return `child ${child.id} is L${child.level}`;
    if (child.seqStart !== cursor) return `children are not contiguous at ${cursor}`;
    cursor = child.seqEnd;
  }
  return cursor === parent.seqEnd ? null : `children end at ${cursor}, not ${parent.seqEnd}`;
}

function checkBounds(input: DoctorInput): DoctorFinding[] {
  return input.sessions.flatMap((session) =>
    session.segments
      .filter((segment) => segment.seqEnd > session.nextSeq)
      .map((segment) => ({
        check: "segment-bounds" as const,
        severity: "error" as const,
        message: `segment ${segment.id} ends at ${segment.seqEnd}, past the session's ${session.nextSeq} messages`,
        fix: REINDEX_FIX,
      })),
  );
}

function checkVectorsAndSummaries(input: DoctorInput): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const pending = input.store.vectors.pendingCount();
  if (pending > 0) {
    findings.push({
      check: "vectors",
      severity: "info",
      message: `${pending} messages have no embedding yet (${input.store.vectors.count()} vectors stored)`,
      fix: "embed them (kern doctor --fix, or let the daemon's memory worker run)",
    });
  }
  const missing = input.sessions.flatMap((session) =>
    session.segments.filter((segment) => segment.summary === null),
  );
  if (missing.length > 0) {
    findings.push({
      check: "summaries",
      severity: "warn",
      message: `${missing.length} segments have no summary (first: ${missing[0]?.id})`,
      fix: "write extractive stand-ins (kern doctor --fix)",
    });
  }
  return findings;
}

function checkCorruptLines(input: DoctorInput): DoctorFinding[] {
  const byFile = new Map<string, CorruptLine[]>();
  for (const line of input.corruptLines)
    byFile.set(line.file, [...(byFile.get(line.file) ?? []), line]);
  return [...byFile].map(([file, list]) => ({
    check: "corrupt-lines" as const,
    severity: "warn" as const,
    message: `${file}: ${list.length} corrupt line(s) skipped (lines ${list
      .slice(0, 5)
      .map((line) => line.lineNumber)
      .join(", ")}${list.length > 5 ? ", …" : ""}: ${list[0]?.reason})`,
    fix: "inspect the lines by hand; kern never deletes log entries",
  }));
}

function checkSeqs(input: DoctorInput): DoctorFinding[] {
  return input.seqProblems.flatMap((problem) => {
    const findings: DoctorFinding[] = [];
    if (problem.duplicates.length > 0) {
      findings.push({
        check: "log-seq",
        severity: "error",
        message: `${problem.file}: seq ${problem.duplicates.join(", ")} appear more than once (two writers at once?); the index keeps the first of each`,
        fix: "stop every daemon on this folder, then inspect the lines by hand; kern never rewrites the log",
      });
    }
    if (problem.gaps.length > 0) {
      findings.push({
        check: "log-seq",
        severity: "error",
        message: `${problem.file}: messages missing from the log (seq ${problem.gaps
          .map(([from, to]) => (to - from === 1 ? `${from}` : `${from}–${to - 1}`))
          .join(", ")})`,
        fix: "restore .kern/sessions/ from a backup while the daemon is stopped, then run 'kern reindex'",
      });
    }
    return findings;
  });
}

/** Log entries the index lacks, and index segments the log lacks. */
export function memoryLogDrift(input: DoctorInput): {
  missingInIndex: MemoryEntry[];
  missingInLog: Segment[];
} {
  const indexed = new Map<string, Segment>();
  for (const session of input.sessions) {
    for (const segment of session.segments) indexed.set(segment.id, segment);
  }
  const logged = new Set<string>();
  for (const entry of input.log.entries) if (entry.type === "segment-close") logged.add(entry.id);
  return {
    missingInIndex: entriesMissingFromIndex(input.log.entries, indexed),
    missingInLog: [...indexed.values()].filter((segment) => !logged.has(segment.id)),
  };
}

function checkDrift(input: DoctorInput): DoctorFinding[] {
  const { missingInIndex, missingInLog } = memoryLogDrift(input);
  const findings: DoctorFinding[] = [];
  if (missingInIndex.length > 0) {
    findings.push({
      check: "memory-log-drift",
      severity: "error",
      message: `${missingInIndex.length} memory log entries are missing from the index`,
      fix: "replay them into the index (kern doctor --fix)",
    });
  }
  if (missingInLog.length > 0) {
    findings.push({
      check: "memory-log-drift",
      severity: "warn",
      message: `${missingInLog.length} segments are in the index but not in the memory log (a reindex would lose them)`,
      fix: "append them to the memory log (kern doctor --fix)",
    });
  }
  return findings;
}

/** Runs every check; findings in DOCTOR_CHECKS order. */
export function runDoctorChecks(input: DoctorInput): DoctorFinding[] {
  return [
    ...checkTiling(input),
    ...checkTree(input),
    ...checkBounds(input),
    ...checkVectorsAndSummaries(input),
    ...checkCorruptLines(input),
    ...checkSeqs(input),
    ...checkDrift(input),
  ].sort((a, b) => DOCTOR_CHECKS.indexOf(a.check) - DOCTOR_CHECKS.indexOf(b.check));
}
