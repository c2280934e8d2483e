// `kern doctor [--fix]`: runs the checks of doctor-checks.ts, scores the memory's health 0–100 and,
// with fix, repairs what is safe. Repairs only append to logs and rewrite derived index rows.
import { type Clock, isoNow } from "../../kernel/index.js";
import { type AgentStore, applyMemoryEntries, type MemoryEntry } from "../../store/index.js";
import {
  DOCTOR_CHECKS,
  type DoctorCheck,
  type DoctorFinding,
  type DoctorSeverity,
  memoryLogDrift,
  readDoctorInput,
  runDoctorChecks,
} from "./doctor-checks.js";

export type { DoctorCheck, DoctorFinding } from "./doctor-checks.js";

/**
 * The result of `kern doctor` (`--json` prints exactly this object; docs/cli.md documents it):
 *
 * ```jsonc
 * {
 *   "score": 100,            // 0–100; 100 = healthy. Each error costs 15, each warning 5, each
 *                            // info 1 (floored at 0).
 *   "healthy": true,         // no errors and no warnings
 *   "checks": ["l0-tiling", "rollup-range", "orphans", "segment-bounds", "vectors",
 *              "summaries", "corrupt-lines", "log-seq", "memory-log-drift", "log-index"],
 *   "findings": [            // after repairs when --fix ran
 *     { "check": "vectors", "severity": "info",        // "error" | "warn" | "info"
 *       "message": "12 messages have no embedding yet (480 vectors stored)",
 *       "fix": "embed them (kern doctor --fix, ...)" } // optional
 *   ],
 *   "fixed": ["embedded pending messages"],             // repairs made; [] without --fix
 *   "stats": { "sessions": 1, "messages": 492, "segments": { "L0": 30, "L1": 3 },
 *              "vectors": 480, "pendingVectors": 12, "memoryLogEntries": 66, "corruptLines": 0 }
 * }
 * ```
 */
export interface DoctorReport {
  score: number;
  healthy: boolean;
  checks: DoctorCheck[];
  findings: DoctorFinding[];
  fixed: string[];
  stats: {
    sessions: number;
    messages: number;
    segments: Record<string, number>;
    vectors: number;
    pendingVectors: number;
    memoryLogEntries: number;
    corruptLines: number;
  };
}

export interface DoctorOptions {
  store: AgentStore;
  clock: Clock;
  fix: boolean;
  /** Runs the memory pipeline once (embeds pending messages, fills missing summaries). */
  runPipeline: () => Promise<void>;
}

const PENALTY: Record<DoctorSeverity, number> = { error: 15, warn: 5, info: 1 };

/** 100 minus the findings' penalties, floored at 0. */
function doctorScore(findings: readonly DoctorFinding[]): number {
  return Math.max(0, 100 - findings.reduce((sum, finding) => sum + PENALTY[finding.severity], 0));
}

/** Appends index segments the memory log lacks (with their summaries), parents after children. */
function appendMissingToLog(
  store: AgentStore,
  clock: Clock,
  missing: ReturnType<typeof memoryLogDrift>["missingInLog"],
): void {
  const ts = isoNow(clock);
  const entries: MemoryEntry[] = [];
  for (const segment of [...missing].sort((a, b) => a.level - b.level || a.seqStart - b.seqStart)) {
    const { id, session, level, seqStart, seqEnd, tokenCount, firstTs, lastTs } = segment;
    const childIds = level > 0 ? store.segments.children(id).map((child) => child.id) : [];
    entries.push({
      type: "segment-close",
      ts,
      id,
      session,
      level,
      seqStart,
      seqEnd,
      tokenCount,
      firstTs,
      lastTs,
      ...(childIds.length > 0 ? { childIds } : {}),
    });
    if (segment.summary !== null && segment.method !== null) {
      entries.push({
        type: "summary-write",
        ts,
        segmentId: id,
        summary: segment.summary,
        summaryTokens: segment.summaryTokens,
        method: segment.method,
        stale: segment.stale,
      });
    }
  }
  store.memoryLog.append(entries);
}

async function repair(
  options: DoctorOptions,
  findings: readonly DoctorFinding[],
): Promise<string[]> {
  const { store } = options;
  const fixed: string[] = [];
  const drift = memoryLogDrift(readDoctorInput(store));
  if (drift.missingInIndex.length > 0) {
    const applied = applyMemoryEntries(store.db, drift.missingInIndex);
    fixed.push(
      `replayed ${drift.missingInIndex.length - applied.skippedEntries} memory log entries into the index`,
    );
  }
  if (drift.missingInLog.length > 0) {
    appendMissingToLog(store, options.clock, drift.missingInLog);
    fixed.push(`appended ${drift.missingInLog.length} index segments to the memory log`);
  }
  if (findings.some((finding) => finding.check === "vectors" || finding.check === "summaries")) {
    await options.runPipeline();
    fixed.push("ran the memory pipeline (embeddings, summaries)");
  }
  return fixed;
}

/**
 * The index disagreed with the session log when the store opened and was rebuilt from the logs
 * (store/reconcile-index.ts): reported once, since the log may have lost messages (a restore).
 */
function logIndexFindings(store: DoctorOptions["store"]): DoctorFinding[] {
  const mismatch = store.rebuiltIndex;
  if (!mismatch) return [];
  const what =
    mismatch.kind === "index-ahead"
      ? `kern.db indexed ${mismatch.indexNextSeq} messages but the session log holds ${mismatch.logMessages} (a log restored from a backup or cut short)`
      : `kern.db had ${mismatch.indexRows} of the session log's first ${mismatch.indexNextSeq} messages (holes)`;
  return [
    {
      check: "log-index",
      severity: "warn",
      message: `${what}; kern.db was rebuilt from the logs, which are the truth`,
      fix: "nothing left to repair; if the log lost messages, restore .kern/sessions/ from a newer backup while the daemon is stopped",
    },
  ];
}

/** Checks the memory and, with `fix`, repairs what is safe, then checks again. Never deletes log entries. */
export async function doctor(options: DoctorOptions): Promise<DoctorReport> {
  let input = readDoctorInput(options.store);
  const logIndex = logIndexFindings(options.store);
  let findings = [...logIndex, ...runDoctorChecks(input)];
  let fixed: string[] = [];
  if (options.fix && findings.some((finding) => finding.fix !== undefined)) {
    fixed = await repair(options, findings);
    input = readDoctorInput(options.store);
    findings = [...logIndex, ...runDoctorChecks(input)];
  }
  const { store } = options;
  const score = doctorScore(findings);
  return {
    score,
    healthy: !findings.some((finding) => finding.severity !== "info"),
    checks: [...DOCTOR_CHECKS],
    findings,
    fixed,
    stats: {
      sessions: input.sessions.length,
      messages: store.messages.totals().messages,
      segments: store.segments.countsByLevel(),
      vectors: store.vectors.count(),
      pendingVectors: store.vectors.pendingCount(),
      memoryLogEntries: input.log.entries.length,
      corruptLines: input.corruptLines.length,
    },
  };
}

/**
 * The report when kern.db cannot be read at all (damaged): one `log-index` error with its fix,
 * score 0 (nothing else can be checked until the index is rebuilt), empty stats.
 */
export function damagedIndexReport(message: string, agentDir: string): DoctorReport {
  return {
    score: 0,
    healthy: false,
    checks: [...DOCTOR_CHECKS],
    findings: [
      {
        check: "log-index",
        severity: "error",
        message,
        fix: `kern reindex ${agentDir} (or kern doctor --fix ${agentDir}); the logs are intact`,
      },
    ],
    fixed: [],
    stats: {
      sessions: 0,
      messages: 0,
      segments: {},
      vectors: 0,
      pendingVectors: 0,
      memoryLogEntries: 0,
      corruptLines: 0,
    },
  };
}
