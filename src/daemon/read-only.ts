// The surface of daemon/ for the commands that only read an agent's files while no daemon runs
// (`kern status`, `segments`, `context`, `recall`, `memory`): it loads only what they read — no
// web server, model SDK, channels or tools — and opens the session log by its tail (issue 32:
// 2 s at 20k messages before, most of it loading the daemon layer and parsing the whole log).
// Opening keeps every repair of `openAgentStore` (an uncommitted import rolled back, a torn line
// cut, the index caught up when it is behind), under the folder lock.
// The memory engine, the logger and the composer's report load on first use: `kern status`
// reads two counts and needs none of them.
import { agentPaths, type Config, loadConfig } from "../config/index.js";
import type { ContextReport } from "../kernel/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import type { Embedder } from "../memory/embeddings/embedder.js";
import type { MemoryEngine } from "../memory/memory-engine.js";
import { countMessageTokens } from "../memory/text/count-tokens.js";
import { type AgentStore, openAgentStore } from "../store/index.js";
import { withFolderLock } from "./folder-guard.js";
import { withMemoryEngine } from "./with-memory-engine.js";

export { readOfflineStatus } from "./agent-status.js";

/** Opens the agent's store to read it: the session log by its tail (SessionLog "tail" scan). */
export function openReadOnlyStore(agentDir: string): AgentStore {
  return openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
    sessionScan: "tail",
  });
}

async function embedderFor(config: Config): Promise<Embedder> {
  if (config.embeddingModel === "local") {
    const { createLocalEmbedder } = await import("../memory/embeddings/local-embedder.js");
    return createLocalEmbedder();
  }
  const [{ buildEmbedder }, { createSilentLogger }] = await Promise.all([
    import("./build-adapters.js"),
    import("../log/index.js"),
  ]);
  return buildEmbedder(config, createSilentLogger());
}

/**
 * The memory engine over the agent's files for one reading command: no summary model (nothing
 * is summarized; the background pipeline never runs), the configured embedder (recall needs it).
 */
export async function withReadOnlyMemory<T>(
  options: { agentDir: string; env: Record<string, string | undefined> },
  action: (memory: MemoryEngine, store: AgentStore, config: Config) => Promise<T>,
): Promise<T> {
  return withFolderLock(options.agentDir, "open the agent's memory", async () => {
    const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
    const [embedder, { createSilentLogger }] = await Promise.all([
      embedderFor(config),
      import("../log/index.js"),
    ]);
    const store = openReadOnlyStore(config.agentDir);
    return withMemoryEngine(
      { store, config, embedder, summaryModel: null, logger: createSilentLogger() },
      action,
    );
  });
}

/** `kern context` without a daemon: the report the next turn would see. */
export async function readContextReport(
  options: { agentDir: string; env: Record<string, string | undefined> },
  maxContextTokens: number | undefined,
): Promise<ContextReport> {
  const { composeContextReport } = await import("../runtime/runtime-queries.js");
  return withReadOnlyMemory(options, (memory, _store, config) =>
    composeContextReport({
      memory,
      config,
      ...(maxContextTokens === undefined ? {} : { maxContextTokens }),
    }),
  );
}
