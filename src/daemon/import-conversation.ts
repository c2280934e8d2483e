// The append step of `kern import` (run-import.ts runs the memory after it): validates the whole
// file, then appends it to the active session and indexes it in one go (nothing is half-imported).
import { readFile } from "node:fs/promises";
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { type Clock, ConfigError, isoNow } from "../kernel/index.js";
import { countMessageTokens } from "../memory/index.js";
import { openAgentStore } from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";
import { parseImportFile } from "./parse-import-file.js";

export interface ImportConversationOptions {
  agentDir: string;
  file: string;
  clock: Clock;
}

export interface ImportReport {
  format: string;
  imported: number;
  skippedSystemMessages: number;
  session: string;
  seqStart: number;
  seqEnd: number;
  ms: number;
}

export async function importConversation(
  options: ImportConversationOptions,
): Promise<ImportReport> {
  const started = Date.now();
  await assertAgentFolder(options.agentDir);
  assertDaemonStopped(agentPaths(options.agentDir).pidFile, "importing");
  let text: string;
  try {
    text = await readFile(options.file, "utf8");
  } catch (error) {
    throw new ConfigError(
      "KERN_IMPORT_INVALID",
      `cannot read ${options.file}: ${(error as Error).message}`,
    );
  }
  const parsed = parseImportFile({ file: options.file, text, now: isoNow(options.clock) });
  const store = openAgentStore({
    paths: agentPaths(options.agentDir),
    clock: options.clock,
    countTokens: countMessageTokens,
  });
  try {
    const seqStart = store.sessionLog.nextSeq;
    store.appendMessages(parsed.messages);
    store.sync();
    return {
      format: parsed.format,
      imported: parsed.messages.length,
      skippedSystemMessages: parsed.skippedSystemMessages,
      session: store.sessionLog.sessionId,
      seqStart,
      seqEnd: store.sessionLog.nextSeq,
      ms: Date.now() - started,
    };
  } finally {
    store.close();
  }
}
