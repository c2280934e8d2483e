// One memory engine over an opened store for one CLI command without a daemon (offline-memory.ts
// for the commands that may write, read-only.ts for those that only read): created, handed to the
// action, stopped and closed with the store. The engine's module loads here, on first use.
import type { Config } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import type { MemoryEngine, MemoryEngineOptions } from "../memory/memory-engine.js";
import type { AgentStore } from "../store/index.js";
import { TEMPLATES_DIR } from "./init-agent.js";

export async function withMemoryEngine<T>(
  parts: Pick<MemoryEngineOptions, "embedder" | "summaryModel" | "logger"> & {
    store: AgentStore;
    config: Config;
  },
  action: (memory: MemoryEngine, store: AgentStore, config: Config) => Promise<T>,
): Promise<T> {
  const { store, config } = parts;
  try {
    const { MemoryEngine } = await import("../memory/memory-engine.js");
    const memory = MemoryEngine.create({
      ...parts,
      clock: SYSTEM_CLOCK,
      templatesDir: TEMPLATES_DIR,
    });
    try {
      return await action(memory, store, config);
    } finally {
      await memory.stop();
    }
  } finally {
    store.close();
  }
}
