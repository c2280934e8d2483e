// Small derived tables: working memory per session, the notes summary, model usage.
import { z } from "zod";
import { parseJsonAs, StoreError } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";

export interface WorkingMemoryRecord {
  session: string;
  content: string;
  method: string;
  seqEnd: number;
  updatedAt: string;
}

export interface NotesSummaryRecord {
  paths: string[];
  summary: string;
  method: string;
  updatedAt: string;
}

export interface UsageRecord {
  ts: string;
  turnId: string | null;
  /**
   * "turn" for a person's message; a turn source's kind ("job", "heartbeat", …) otherwise; the
   * memory's own calls: "summary", "working-memory", "notes".
   */
  purpose: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

export class StateRepo {
  constructor(private readonly db: SqliteDatabase) {}

  workingMemory(session: string): WorkingMemoryRecord | null {
    const row = this.db
      .prepare(
        "SELECT session, content, method, seq_end AS seqEnd, updated_at AS updatedAt FROM working_memory WHERE session = ?",
      )
      .get(session) as WorkingMemoryRecord | undefined;
    return row ?? null;
  }

  setWorkingMemory(record: WorkingMemoryRecord): void {
    this.db
      .prepare(
        `INSERT INTO working_memory (session, content, method, seq_end, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (session) DO UPDATE SET content = excluded.content, method = excluded.method,
           seq_end = excluded.seq_end, updated_at = excluded.updated_at`,
      )
      .run(record.session, record.content, record.method, record.seqEnd, record.updatedAt);
  }

  notesSummary(): NotesSummaryRecord | null {
    const row = this.db
      .prepare(
        "SELECT paths, summary, method, updated_at AS updatedAt FROM notes_summary WHERE id = 1",
      )
      .get() as (Omit<NotesSummaryRecord, "paths"> & { paths: string }) | undefined;
    if (!row) return null;
    const paths = parseJsonAs(row.paths, z.array(z.string()), {
      source: "kern.db notes_summary.paths",
      code: "KERN_INDEX_DAMAGED",
      fix: "rebuild the index with 'kern reindex'",
      errorClass: StoreError,
    });
    return { ...row, paths };
  }

  setNotesSummary(record: NotesSummaryRecord): void {
    this.db
      .prepare(
        `INSERT INTO notes_summary (id, paths, summary, method, updated_at) VALUES (1, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET paths = excluded.paths, summary = excluded.summary,
           method = excluded.method, updated_at = excluded.updated_at`,
      )
      .run(JSON.stringify(record.paths), record.summary, record.method, record.updatedAt);
  }

  recordUsage(record: UsageRecord): void {
    this.db
      .prepare(
        "INSERT INTO usage (ts, turn_id, purpose, model, input_tokens, output_tokens, cached_tokens) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        record.ts,
        record.turnId,
        record.purpose,
        record.model,
        record.inputTokens,
        record.outputTokens,
        record.cachedTokens,
      );
  }

  usageTotals(): { inputTokens: number; outputTokens: number; calls: number } {
    const row = this.db
      .prepare(
        "SELECT COALESCE(SUM(input_tokens),0) AS i, COALESCE(SUM(output_tokens),0) AS o, COUNT(*) AS n FROM usage",
      )
      .get() as { i: number; o: number; n: number };
    return { inputTokens: row.i, outputTokens: row.o, calls: row.n };
  }

  /** Input + output tokens of the usage rows with one of `purposes` since `sinceIso`. */
  tokensSince(sinceIso: string, purposes: readonly string[]): number {
    if (purposes.length === 0) return 0;
    const marks = purposes.map(() => "?").join(", ");
    const row = this.db
      .prepare(
        `SELECT COALESCE(SUM(input_tokens + output_tokens), 0) AS t FROM usage WHERE ts >= ? AND purpose IN (${marks})`,
      )
      .get(sinceIso, ...purposes) as { t: number };
    return row.t;
  }
}
