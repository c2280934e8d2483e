// The memory tree of a yardstick agent, built offline as the product's pipeline builds it after an
// import (memory-worker.ts, no summary model): the segmentation job with `final` (every session
// tiled to its end, each L0 segment closed with its extractive summary), then the rollups and
// the summary job that fills any summary still missing, extractively. The agent's own config
// decides the segments (the product's defaults), unless `targetTokens` asks for another size (a
// labelled second row, never the verdict). build-agent.ts caches the result.
import { loadConfig } from "../../src/config/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import type { Embedder } from "../../src/memory/index.js";
import type { PipelineContext } from "../../src/memory/pipeline-context.js";
import { runSegmentationJob } from "../../src/memory/segmentation/segmentation-job.js";
import { CircuitBreaker } from "../../src/memory/summaries/circuit-breaker.js";
import { runRollupJob } from "../../src/memory/summaries/rollup-job.js";
import { SummaryJob } from "../../src/memory/summaries/summary-job.js";
import type { AgentStore } from "../../src/store/index.js";

/** How the tree is built: the defaults (`{}`), or another segment size. */
export interface TreeOptions {
  targetTokens?: number;
}

/** The code whose change changes a built tree (hashed into the cache key by build-agent.ts). */
export const TREE_CODE = [
  "src/memory/segmentation",
  "src/memory/summaries",
  "src/memory/memory-writes.ts",
  "src/memory/text",
  "src/config/schema.ts",
  "src/config/load-config.ts",
  "bench/recall/build-tree.ts",
];

export async function buildMemoryTree(options: {
  store: AgentStore;
  embedder: Embedder;
  agentDir: string;
  tree: TreeOptions;
}): Promise<void> {
  const { store, embedder, agentDir, tree } = options;
  const loaded = await loadConfig({ agentDir, env: {} });
  const config = tree.targetTokens
    ? {
        ...loaded,
        segmentation: {
          ...loaded.segmentation,
          targetTokens: tree.targetTokens,
          minTokens: Math.min(loaded.segmentation.minTokens, Math.round(tree.targetTokens / 3)),
        },
      }
    : loaded;
  const context: PipelineContext = {
    store,
    config,
    embedder,
    summaryModel: null,
    breaker: new CircuitBreaker({ clock: SYSTEM_CLOCK }),
    logger: createSilentLogger(),
    clock: SYSTEM_CLOCK,
    signal: new AbortController().signal,
    onWrite: () => {},
  };
  runSegmentationJob(context, { final: true, embeddingsDegraded: false });
  runRollupJob(context);
  await new SummaryJob(context).run();
}
