// The surface of daemon/ for the commands that only read an agent's files while no daemon runs
// (`kern status`, `segments`, `context`, `recall`, `memory`): it loads only what they read — no
// web server, model SDK, channels, tools, logger or memory engine (its background worker and
// summarizers are ~50 ms of modules a read never runs) — and opens the session log by its tail
// (issue 32: 2 s at 20k messages before, most of it loading the daemon layer and parsing the log).
// Opening keeps every repair of `openAgentStore` (an uncommitted import rolled back, a torn line
// cut, the index caught up when it is behind), under the folder lock.
// Each command loads the part of memory/ it reads on first use: `kern status` reads two counts.
import { agentPaths, type Config, loadConfig } from "../config/index.js";
import type { ContextReport, RecallReport, SegmentsReport, SegmentTree } from "../kernel/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import { type Embedder, vectorStorageFor } from "../memory/embeddings/embedder.js";
import type { RecallOptions } from "../memory/recall/recall.js";
import { countMessageTokens } from "../memory/text/count-tokens.js";
import type { WorkingMemoryView } from "../memory/working-memory/working-memory-store.js";
import {
  type AgentStore,
  openAgentStore,
  readSegmentTree as readSegmentTreeRows,
} from "../store/index.js";
import { withFolderLock } from "./folder-guard.js";

export { readOfflineStatus } from "./agent-status.js";

interface ReadOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
}

/** Opens the agent's store to read it: the session log by its tail (SessionLog "tail" scan). */
export function openReadOnlyStore(agentDir: string): AgentStore {
  return openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
    sessionScan: "tail",
  });
}

/** The config and the opened store for one read, under the folder lock; the store is closed after. */
function withReadOnlyStore<T>(
  options: ReadOptions,
  action: (store: AgentStore, config: Config) => Promise<T>,
): Promise<T> {
  return withFolderLock(options.agentDir, "open the agent's memory", async () => {
    const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
    const store = openReadOnlyStore(config.agentDir);
    try {
      return await action(store, config);
    } finally {
      store.close();
    }
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

/** `kern segments` without a daemon: the top two levels of the active session's tree. */
export function readSegmentTree(options: ReadOptions): Promise<SegmentTree> {
  return withReadOnlyStore(options, async (store) =>
    readSegmentTreeRows(store.db, store.sessionLog.sessionId),
  );
}

/** `kern segments --json` without a daemon: the segment rows of the active session. */
export function readSegmentsReport(options: ReadOptions): Promise<SegmentsReport> {
  return withReadOnlyStore(options, async (store) => {
    const { segmentsReport } = await import("../memory/segments-report.js");
    return segmentsReport(store);
  });
}

/** `kern memory` without a daemon: the active session's working memory and whether it is on. */
export function readWorkingMemoryView(
  options: ReadOptions,
): Promise<{ session: string; view: WorkingMemoryView | null; enabled: boolean }> {
  return withReadOnlyStore(options, async (store, config) => {
    const { readWorkingMemory } = await import("../memory/working-memory/working-memory-store.js");
    const session = store.sessionLog.sessionId;
    return { session, view: readWorkingMemory(store, session), enabled: config.workingMemory };
  });
}

/**
 * `kern recall` without a daemon: `action` gets a search over the agent's index with the
 * configured embedder (the vector table prepared for it, as the memory engine does).
 */
export function withReadOnlyRecall<T>(
  options: ReadOptions,
  action: (search: (query: RecallOptions) => Promise<RecallReport>) => Promise<T>,
): Promise<T> {
  return withReadOnlyStore(options, async (store, config) => {
    const [embedder, { recall }] = await Promise.all([
      embedderFor(config),
      import("../memory/recall/recall.js"),
    ]);
    if (embedder.dimensions > 0) {
      store.vectors.ensure(vectorStorageFor(embedder));
    }
    return action((query) => recall({ store, embedder }, query));
  });
}

/** `kern context` without a daemon: the report the next turn would see. */
export function readContextReport(
  options: ReadOptions,
  maxContextTokens: number | undefined,
): Promise<ContextReport> {
  return withReadOnlyStore(options, async (store, config) => {
    const [{ composeContextReport }, { Composer }, { TEMPLATES_DIR }] = await Promise.all([
      import("../runtime/runtime-queries.js"),
      import("../memory/compose/composer.js"),
      import("./init-agent.js"),
    ]);
    const composer = new Composer({ store, config, templatesDir: TEMPLATES_DIR });
    return composeContextReport({
      memory: { compose: async (compose) => composer.compose(compose) },
      config,
      ...(maxContextTokens === undefined ? {} : { maxContextTokens }),
    });
  });
}
