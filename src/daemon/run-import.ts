// `kern import FILE [DIR]` without a daemon (SPEC §3): append the conversation, then run the whole
// memory pipeline to completion — the final run included, so L0 segments tile [0, N) — on the
// offline defaults or the configured model. Progress goes to `onProgress` by phase.
import type { PipelinePhase } from "../memory/index.js";
import {
  appendToAgent,
  type ImportConversationOptions,
  type ImportReport,
  withImportLock,
} from "./import-conversation.js";
import { withOfflineMemory } from "./offline-memory.js";

export type ImportPhase = "append" | PipelinePhase;

export interface RunImportOptions extends Omit<ImportConversationOptions, "onProgress"> {
  env: Record<string, string | undefined>;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
}

export interface RunImportReport extends ImportReport {
  /** Segments per level once the memory is built, e.g. `{ L0: 12, L1: 1 }`. */
  segments: Record<string, number>;
  /** Milliseconds of the memory pipeline, and of the whole import. */
  memoryMs: number;
  totalMs: number;
}

export async function runImport(options: RunImportOptions): Promise<RunImportReport> {
  return withImportLock(options.agentDir, () => importAndBuild(options));
}

async function importAndBuild(options: RunImportOptions): Promise<RunImportReport> {
  const started = Date.now();
  const imported = appendToAgent({
    ...options,
    onProgress: (done, total) => options.onProgress?.("append", done, total),
  });
  const memoryStarted = Date.now();
  const segments = await withOfflineMemory(
    { agentDir: options.agentDir, env: options.env },
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
