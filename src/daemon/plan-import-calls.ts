// What `kern import` will spend before it starts (issue 31): with a model configured, the memory
// build makes one summary call per L0 segment (about `segmentation.targetTokens` of history each)
// plus the rollups above them. Estimated from the file's size — no parse, so it is instant even
// for 100k messages. Null when the build calls no model (no model configured, or --offline).
import { statSync } from "node:fs";
import { loadConfig } from "../config/index.js";
import { displayEndpoint } from "../model/index.js";

/** Bytes of a conversation file per token of its messages (JSON keys and quotes included). */
const BYTES_PER_TOKEN = 4.5;

/** What `--offline` overrides: no model, local embeddings — the demo's extractive build. */
export const OFFLINE_OVERRIDES: Readonly<Record<string, unknown>> = {
  model: null,
  summaryModel: null,
  embeddingModel: "local",
};

export interface ImportCallPlan {
  model: string;
  endpoint: string;
  /** Tokens of history the summaries read, about. */
  tokens: number;
  summaryCalls: number;
  /** The embedding model on the endpoint, when not the built-in local one. */
  embeddingModel: string | null;
}

export async function planImportCalls(options: {
  agentDir: string;
  file: string;
  env: Record<string, string | undefined>;
  offline?: boolean;
}): Promise<ImportCallPlan | null> {
  const config = await loadConfig({
    agentDir: options.agentDir,
    env: options.env,
    ...(options.offline ? { overrides: { ...OFFLINE_OVERRIDES } } : {}),
  });
  if (!config.model || !config.resolvedBaseUrl) return null;
  let bytes = 0;
  try {
    bytes = statSync(options.file).size;
  } catch {
    return null; // the import itself says what is wrong with the file
  }
  const tokens = Math.round(bytes / BYTES_PER_TOKEN);
  const leaves = Math.max(1, Math.ceil(tokens / config.segmentation.targetTokens));
  let summaryCalls = leaves;
  for (let level = leaves; level > 1; ) {
    level = Math.ceil(level / config.rollupFanout);
    summaryCalls += level;
  }
  return {
    model: config.summaryModel ?? config.model,
    endpoint: displayEndpoint(config.resolvedBaseUrl),
    tokens,
    summaryCalls,
    embeddingModel: config.embeddingModel === "local" ? null : config.embeddingModel,
  };
}
