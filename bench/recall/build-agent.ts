// A fresh agent holding one yardstick conversation: `kern init`, `kern import`, then only the
// embedding job of the memory pipeline (recall reads messages and vectors; segments and
// summaries play no part in it, and building them would triple the run).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentPaths } from "../../src/config/index.js";
import { importConversation, initAgent } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import {
  countMessageTokens,
  createLocalEmbedder,
  type Embedder,
  runEmbeddingJob,
} from "../../src/memory/index.js";
import { type AgentStore, openAgentStore } from "../../src/store/index.js";
import type { Conversation } from "./yardstick-data.js";

export interface BuiltAgent {
  store: AgentStore;
  embedder: Embedder;
  dispose(): void;
}

export async function buildAgent(conversation: Conversation, workDir: string): Promise<BuiltAgent> {
  const agentDir = join(workDir, conversation.id);
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = join(workDir, `${conversation.id}.jsonl`);
  writeFileSync(file, `${conversation.lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  rmSync(file, { force: true });
  const store = openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
  const embedder = createLocalEmbedder();
  await runEmbeddingJob({ store, embedder, logger: createSilentLogger() });
  return {
    store,
    embedder,
    dispose() {
      store.close();
      rmSync(agentDir, { recursive: true, force: true });
    },
  };
}
