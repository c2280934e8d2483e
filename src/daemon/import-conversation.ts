// `kern import` without a daemon, the append step (run-import.ts runs the memory after it): takes
// the folder's lock (no daemon can start meanwhile), opens the store and appends the file as one
// transaction (append-import.ts). With a daemon running, the CLI goes through the daemon instead.
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { type Clock, type ImportReport, isoNow } from "../kernel/index.js";
import { countMessageTokens } from "../memory/index.js";
import { openAgentStore } from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";
import { appendImport } from "./append-import.js";
import { withFolderLock } from "./folder-guard.js";

export interface ImportConversationOptions {
  agentDir: string;
  file: string;
  clock: Clock;
  onProgress?: (done: number, total: number) => void;
  onParse?: (doneMb: number, totalMb: number) => void;
}

/** Appends the file to the agent's session (folder locked for the whole call). */
export async function importConversation(
  options: ImportConversationOptions,
): Promise<ImportReport> {
  return withImportLock(options.agentDir, () => appendToAgent(options));
}

/** Runs `action` holding the folder's lock, after checking that no daemon runs. */
export async function withImportLock<T>(agentDir: string, action: () => Promise<T>): Promise<T> {
  await assertAgentFolder(agentDir);
  assertDaemonStopped(agentPaths(agentDir).pidFile, "importing");
  return withFolderLock(agentDir, "import", action);
}

/** The append itself; the caller holds the folder's lock. */
export async function appendToAgent(options: ImportConversationOptions): Promise<ImportReport> {
  const paths = agentPaths(options.agentDir);
  // The log's tail, as the daemon opens it: an import into a long history need not read its past.
  const store = openAgentStore({
    paths,
    clock: options.clock,
    countTokens: countMessageTokens,
    sessionScan: "tail",
  });
  try {
    return await appendImport({
      store,
      markerFile: paths.importMarker,
      file: options.file,
      now: isoNow(options.clock),
      onProgress: options.onProgress,
      onParse: options.onParse,
    });
  } finally {
    store.close();
  }
}
