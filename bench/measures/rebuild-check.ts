// The rebuild check (SG-12): `kern reindex DIR` through the CLI, timed, then the index must hold
// the same messages, segments, summaries and state, and compose the same prompt, as before.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { z } from "zod";
import { agentPaths } from "../../src/config/index.js";
import { composeContextReport, withOfflineMemory } from "../../src/daemon/index.js";
import { openDatabase } from "../../src/store/index.js";
import type { RebuildCheck } from "../report/results-schema.js";

/** Derived tables and the columns that must survive a rebuild (row ids are insertion artefacts). */
const TABLES: Record<string, string> = {
  messages:
    "SELECT session, seq, ts, role, tokens, at, bytes, interface, imported FROM messages ORDER BY session, seq",
  segments:
    "SELECT id, session, level, seq_start, seq_end, parent_id, token_count, summary, summary_tokens, method, first_ts, last_ts, stale FROM segments ORDER BY session, level, seq_start",
  working_memory: "SELECT * FROM working_memory ORDER BY session",
  notes_summary: "SELECT * FROM notes_summary",
};

function hashTables(databasePath: string): Record<string, string> {
  const db = openDatabase(databasePath);
  try {
    const hashes: Record<string, string> = {};
    for (const [table, sql] of Object.entries(TABLES)) {
      const hash = createHash("sha256");
      for (const row of db.prepare(sql).iterate()) hash.update(`${JSON.stringify(row)}\n`);
      hashes[table] = hash.digest("hex");
    }
    return hashes;
  } finally {
    db.close();
  }
}

async function promptHash(agentDir: string): Promise<string> {
  return withOfflineMemory({ agentDir, env: {} }, async (memory, _store, config) => {
    const report = await composeContextReport({ memory, config });
    const window = `${report.window.seqStart}-${report.window.seqEnd}`;
    return createHash("sha256").update(`${window}\n${report.systemPrompt}`).digest("hex");
  });
}

const reindexReportSchema = z.looseObject({ ms: z.number(), messages: z.number() });

/** Runs `tsx src/main.ts reindex DIR --json` and returns its wall time and report. */
function runReindexCli(root: string, agentDir: string) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(root, "src/main.ts"), "reindex", agentDir, "--json"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const wallMs = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`kern reindex exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const json = result.stdout.slice(result.stdout.indexOf("{"));
  return { wallMs, report: reindexReportSchema.parse(JSON.parse(json)) };
}

/** Needs the store closed: run it when no engine holds the agent folder open. */
export async function checkRebuild(options: { root: string; agentDir: string }) {
  const database = agentPaths(options.agentDir).database;
  const before = hashTables(database);
  const promptBefore = await promptHash(options.agentDir);
  const { wallMs, report } = runReindexCli(options.root, options.agentDir);
  const after = hashTables(database);
  const promptAfter = await promptHash(options.agentDir);
  const tables = Object.fromEntries(
    Object.keys(TABLES).map((table) => [table, before[table] === after[table]]),
  );
  const promptIdentical = promptBefore === promptAfter;
  const result: RebuildCheck = {
    cliMs: Math.round(wallMs),
    reindexMs: report.ms,
    tables,
    promptIdentical,
    identical: promptIdentical && Object.values(tables).every(Boolean),
  };
  return result;
}
