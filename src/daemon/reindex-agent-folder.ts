// `kern reindex`: refuses while the daemon runs (it is the only writer), then rebuilds kern.db
// from the logs and embeds every message again with the configured embedder (zero chat-model
// calls). An embedder that cannot be reached leaves the vectors to the daemon's worker.
import { agentPaths, assertAgentFolder, loadConfig } from "../config/index.js";
import { describeError, SYSTEM_CLOCK } from "../kernel/index.js";
import { createSilentLogger } from "../log/index.js";
import { countMessageTokens, runEmbeddingJob } from "../memory/index.js";
import {
  openAgentStore,
  type ReindexProgress,
  type ReindexReport,
  reindexAgent,
} from "../store/index.js";
import { assertDaemonStopped } from "./address/index.js";
import { buildEmbedder } from "./build-adapters.js";
import { withFolderLock } from "./folder-guard.js";

export interface AgentReindexReport extends ReindexReport {
  /** Messages embedded after the rebuild. */
  vectors: number;
  /** Why no vectors were made (the embedder failed); the daemon's worker embeds them later. */
  vectorsError?: string;
}

export async function reindex(options: {
  agentDir: string;
  env?: Record<string, string | undefined>;
  onProgress?: (progress: ReindexProgress) => void;
}): Promise<AgentReindexReport> {
  await assertAgentFolder(options.agentDir);
  assertDaemonStopped(agentPaths(options.agentDir).pidFile, "reindex");
  return withFolderLock(options.agentDir, "reindex", () => rebuild(options));
}

async function rebuild(options: {
  agentDir: string;
  env?: Record<string, string | undefined>;
  onProgress?: (progress: ReindexProgress) => void;
}): Promise<AgentReindexReport> {
  const paths = agentPaths(options.agentDir);
  const report = reindexAgent({
    paths,
    countTokens: countMessageTokens,
    onProgress: options.onProgress,
  });
  const started = Date.now();
  try {
    const vectors = await embedAll(options.agentDir, options.env ?? {});
    return { ...report, vectors, ms: report.ms + Date.now() - started };
  } catch (error) {
    return { ...report, vectors: 0, vectorsError: describeError(error) };
  }
}

async function embedAll(agentDir: string, env: Record<string, string | undefined>) {
  const config = await loadConfig({ agentDir, env });
  const logger = createSilentLogger();
  const store = openAgentStore({
    paths: agentPaths(config.agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
  try {
    const embedder = buildEmbedder(config, logger);
    return (await runEmbeddingJob({ store, embedder, logger })).embedded;
  } finally {
    store.close();
  }
}
