// `kern demo [DIR]`: copies agents/demo, imports its shipped history, builds the whole memory
// offline (local embeddings, extractive summaries) and reports the tree, the composed summary
// block and the compression per level (SPEC §10).
import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { agentPaths } from "../config/index.js";
import type { ContextReport, SegmentsReport } from "../kernel/index.js";
import { packageFile, SYSTEM_CLOCK } from "../kernel/index.js";
import { composeContextReport } from "../runtime/index.js";
import { SessionLog } from "../store/index.js";
import { importConversation } from "./import-conversation.js";
import { initAgent } from "./init-agent.js";
import { withOfflineMemory } from "./offline-memory.js";

export const DEMO_AGENT_DIR = packageFile("agents", "demo");

export interface DemoProgress {
  phase: string;
  done: number;
  total: number;
}

export interface LevelCompression {
  level: number;
  segments: number;
  tokensIn: number;
  tokensOut: number;
  ratio: number;
}

export interface DemoReport {
  agentDir: string;
  imported: number;
  segments: SegmentsReport;
  context: ContextReport;
  compression: LevelCompression[];
  ms: number;
}

/** Budget the demo composes with: small enough that most of the history is summarized. */
export const DEMO_CONTEXT_TOKENS = 60_000;

export async function runDemo(options: {
  agentDir: string;
  env: Record<string, string | undefined>;
  onProgress?: (progress: DemoProgress) => void;
}): Promise<DemoReport> {
  const started = Date.now();
  const agentDir = resolve(options.agentDir);
  cpSync(DEMO_AGENT_DIR, agentDir, {
    recursive: true,
    force: false,
    errorOnExist: false,
    filter: (source) => !source.endsWith("history.truth.json"),
  });
  await initAgent({ agentDir, commitAll: true });
  const history = join(agentDir, "history.jsonl");
  const log = SessionLog.open({
    sessionsDir: agentPaths(agentDir).sessionsDir,
    clock: SYSTEM_CLOCK,
  });
  const existing = log.scan.messages;
  log.close();
  let imported = 0;
  if (existing === 0 && existsSync(history)) {
    options.onProgress?.({ phase: "import", done: 0, total: 1 });
    imported = (await importConversation({ agentDir, file: history, clock: SYSTEM_CLOCK }))
      .imported;
  }
  return withOfflineMemory(
    { agentDir, env: options.env, sessionScan: "tail" },
    async (memory, _store, config) => {
      await memory.runUntilIdle((progress) => options.onProgress?.(progress));
      const segments = await memory.segmentsReport();
      const context = await composeContextReport({
        memory,
        config,
        maxContextTokens: DEMO_CONTEXT_TOKENS,
      });
      return {
        agentDir,
        imported,
        segments,
        context,
        compression: compressionByLevel(segments),
        ms: Date.now() - started,
      };
    },
  );
}

export function compressionByLevel(report: SegmentsReport): LevelCompression[] {
  const levels = new Map<number, LevelCompression>();
  for (const row of report.segments) {
    const entry = levels.get(row.level) ?? {
      level: row.level,
      segments: 0,
      tokensIn: 0,
      tokensOut: 0,
      ratio: 0,
    };
    entry.segments += 1;
    entry.tokensIn += row.tokenCount;
    entry.tokensOut += row.summaryTokens;
    levels.set(row.level, entry);
  }
  return [...levels.values()]
    .sort((a, b) => a.level - b.level)
    .map((entry) => ({
      ...entry,
      ratio: entry.tokensOut > 0 ? entry.tokensIn / entry.tokensOut : 0,
    }));
}
