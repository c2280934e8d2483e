// The memory build of one history twice: offline (local embeddings, extractive summaries) and with
// a model for summaries and embeddings — the fake OpenAI-compatible server answering every call
// after a fixed latency. Counts the model calls and times both builds to the last summary.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { importConversation, initAgent, withOfflineMemory } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import type { MemoryEngine } from "../../src/memory/index.js";
import { type FakeChatRequest, startFakeLlm } from "../../test/fakes/fake-llm-server.js";

/** First line of every summarizer system prompt (memory/summaries/summary-prompt.ts). */
const SUMMARIZER_MARKER = "You are kern's memory summarizer.";
const SUMMARY_REPLY =
  "<summary>\n- I kept working on the request and noted the decisions, files and open points.\n</summary>";
/** Runs of the pipeline before giving up on a backlog that never empties (a bug, not a figure). */
const MAX_RUNS = 50;

export interface BuildFigures {
  ms: number;
  segments: Record<string, number>;
}

export interface ModelBuildFigures {
  tokens: number;
  offline: BuildFigures;
  model: BuildFigures & {
    summaryCalls: number;
    embeddingCalls: number;
    summaryConcurrency: number;
  };
}

function isSummarizerPrompt(request: FakeChatRequest): boolean {
  const first = request.messages[0];
  return typeof first?.content === "string" && first.content.startsWith(SUMMARIZER_MARKER);
}

async function freshAgent(agentDir: string, conversationFile: string): Promise<void> {
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  await importConversation({ agentDir, file: conversationFile, clock: SYSTEM_CLOCK });
}

/** Runs the pipeline until nothing is stale: the model has rewritten every summary. */
async function buildAll(memory: MemoryEngine): Promise<number> {
  const started = performance.now();
  for (let run = 0; run < MAX_RUNS; run += 1) {
    await memory.runUntilIdle();
    if (memory.state().staleSegments === 0) return performance.now() - started;
  }
  throw new Error(`the build left stale summaries after ${MAX_RUNS} runs`);
}

export async function measureModelBuild(options: {
  conversationFile: string;
  workDir: string;
  latencyMs: number;
}): Promise<ModelBuildFigures> {
  const offlineDir = join(options.workDir, "offline");
  await freshAgent(offlineDir, options.conversationFile);
  const offline = await withOfflineMemory(
    { agentDir: offlineDir, env: {} },
    async (memory, store) => ({
      ms: await buildAll(memory),
      segments: store.segments.countsByLevel(),
      tokens: store.messages
        .tokenRows(store.sessionLog.sessionId)
        .reduce((sum, row) => sum + row.tokens, 0),
    }),
  );
  const llm = await startFakeLlm();
  try {
    llm.when(isSummarizerPrompt, () => ({
      kind: "text",
      text: SUMMARY_REPLY,
      delayMs: options.latencyMs,
    }));
    llm.delayEmbeddings(options.latencyMs);
    const modelDir = join(options.workDir, "model");
    await freshAgent(modelDir, options.conversationFile);
    const env = {
      KERN_MODEL: "fake-model",
      KERN_BASE_URL: llm.baseUrl,
      KERN_EMBEDDING_MODEL: "text-embedding-3-small",
    };
    const model = await withOfflineMemory(
      { agentDir: modelDir, env },
      async (memory, store, config) => ({
        ms: await buildAll(memory),
        segments: store.segments.countsByLevel(),
        summaryConcurrency: config.summaryConcurrency,
      }),
    );
    return {
      tokens: offline.tokens,
      offline: { ms: Math.round(offline.ms), segments: offline.segments },
      model: {
        ...model,
        ms: Math.round(model.ms),
        summaryCalls: llm.requests.filter(isSummarizerPrompt).length,
        embeddingCalls: llm.embeddingRequests.length,
      },
    };
  } finally {
    await llm.close();
  }
}
