// The daemon's model-facing adapters, built from the config: the chat model client and the
// embedder. Shared by the composition root and the offline memory (CLI commands without a daemon).
import type { Config } from "../config/index.js";
import { ConfigError } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { createLocalEmbedder, createRemoteEmbedder, type Embedder } from "../memory/index.js";
import { createOpenAiCompatibleClient, type ModelClient } from "../model/index.js";

export function buildModel(
  config: Config,
  options: { modelClient?: ModelClient | null },
  logger: Logger,
): ModelClient | null {
  if (options.modelClient !== undefined) return options.modelClient;
  if (!config.model || !config.resolvedBaseUrl) return null;
  return createOpenAiCompatibleClient({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    provider: config.provider,
    firstByteTimeoutMs: config.firstByteTimeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    maxRetries: config.modelRetries,
    logger: logger.child({ component: "model" }),
  });
}

export function buildEmbedder(config: Config, logger: Logger): Embedder {
  if (config.embeddingModel === "local") return createLocalEmbedder();
  if (!config.resolvedBaseUrl) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `embeddingModel "${config.embeddingModel}" needs an endpoint: set baseUrl in .kern/config.json or export KERN_BASE_URL, or use "local"`,
    );
  }
  return createRemoteEmbedder({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    model: config.embeddingModel,
    logger,
  });
}
