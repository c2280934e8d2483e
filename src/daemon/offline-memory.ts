// The memory engine without a daemon, for CLI commands that run while no daemon does (segments,
// context, recall, doctor, import, demo). Opens the store, runs `action`, closes everything.
import { agentPaths, type Config, loadConfig } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import { createSilentLogger, type Logger } from "../log/index.js";
import { countMessageTokens, type MemoryEngine } from "../memory/index.js";
import { type AgentStore, openAgentStore } from "../store/index.js";
import { buildEmbedder, buildModel } from "./build-adapters.js";
import { withFolderLock } from "./folder-guard.js";
import { withMemoryEngine } from "./with-memory-engine.js";

export interface OfflineMemoryOptions {
  agentDir: string;
  env: Record<string, string | undefined>;
  overrides?: Record<string, unknown>;
  logger?: Logger;
  /**
   * How much of the session log the open reads: "full" (default) checks every line, as `kern
   * doctor` reports them; "tail" reads only its end, as the daemon does — for an import or the
   * demo, which just wrote that log (a full read of 1M messages took 11 s and its garbage).
   */
  sessionScan?: "full" | "tail";
}

export async function withOfflineMemory<T>(
  options: OfflineMemoryOptions,
  action: (memory: MemoryEngine, store: AgentStore, config: Config) => Promise<T>,
): Promise<T> {
  return withFolderLock(options.agentDir, "open the agent's memory", () =>
    openOfflineMemory(options, action),
  );
}

async function openOfflineMemory<T>(
  options: OfflineMemoryOptions,
  action: (memory: MemoryEngine, store: AgentStore, config: Config) => Promise<T>,
): Promise<T> {
  const config = await loadConfig({
    agentDir: options.agentDir,
    env: options.env,
    overrides: options.overrides,
  });
  const logger = options.logger ?? createSilentLogger();
  const store = openAgentStore({
    paths: agentPaths(config.agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
    sessionScan: options.sessionScan ?? "full",
  });
  const client = buildModel(config, {}, logger);
  return withMemoryEngine(
    {
      store,
      config,
      embedder: buildEmbedder(config, logger),
      summaryModel:
        client && config.model ? { client, model: config.summaryModel ?? config.model } : null,
      logger,
    },
    action,
  );
}
