// `kern import FILE [DIR]` without a daemon (SPEC §3): append the conversation, then run the whole
// memory pipeline to completion — the final run included, so L0 segments tile [0, N) — on the
// offline defaults or the configured model. Progress goes to `onProgress` by phase.
import type { ImportBuildReport, ImportPhase } from "../kernel/index.js";
import {
  appendToAgent,
  type ImportConversationOptions,
  withImportLock,
} from "./import-conversation.js";
import { withOfflineMemory } from "./offline-memory.js";

export interface RunImportOptions
  extends Omit<ImportConversationOptions, "onProgress" | "onParse"> {
  env: Record<string, string | undefined>;
  /** Config overrides for the memory build (`--offline`: OFFLINE_OVERRIDES). */
  overrides?: Record<string, unknown>;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
}

export type RunImportReport = ImportBuildReport;

export async function runImport(options: RunImportOptions): Promise<RunImportReport> {
  return withImportLock(options.agentDir, () => importAndBuild(options));
}

async function importAndBuild(options: RunImportOptions): Promise<RunImportReport> {
  const started = Date.now();
  const imported = await appendToAgent({
    ...options,
    onProgress: (done, total) => options.onProgress?.("append", done, total),
    onParse: (done, total) => options.onProgress?.("parse", done, total),
  });
  const memoryStarted = Date.now();
  const segments = await withOfflineMemory(
    {
      agentDir: options.agentDir,
      env: options.env,
      sessionScan: "tail",
      ...(options.overrides ? { overrides: options.overrides } : {}),
    },
    async (memory, store) => {
      await memory.runUntilIdle((progress) =>
        options.onProgress?.(progress.phase, progress.done, progress.total),
      );
      return store.segments.countsByLevel();
    },
  );
  const now = Date.now();
  return { ...imported, segments, memoryMs: now - memoryStarted, totalMs: now - started };
}
