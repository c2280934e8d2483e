// `kern reindex`: refuses while the daemon runs (it is the only writer), then rebuilds kern.db.
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { countMessageTokens } from "../memory/index.js";
import { type ReindexProgress, type ReindexReport, reindexAgent } from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";

export async function reindex(options: {
  agentDir: string;
  onProgress?: (progress: ReindexProgress) => void;
}): Promise<ReindexReport> {
  await assertAgentFolder(options.agentDir);
  const paths = agentPaths(options.agentDir);
  assertDaemonStopped(paths.pidFile, "reindex");
  return reindexAgent({ paths, countTokens: countMessageTokens, onProgress: options.onProgress });
}
