// A real memory engine over a temp agent folder for memory tests: SQLite on disk, the local
// embedder, a FakeClock, and a small deterministic multi-topic conversation builder.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { agentPaths } from "../../src/config/index.js";
import { FakeClock, type NewMessage } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import {
  countMessageTokens,
  createLocalEmbedder,
  type Embedder,
  type MemoryConfig,
  MemoryEngine,
  type MemoryEngineOptions,
  type SummaryModel,
} from "../../src/memory/index.js";
import { createOpenAiCompatibleClient } from "../../src/model/index.js";
import { type AgentStore, openAgentStore } from "../../src/store/index.js";
import type { FakeChatRequest, FakeLlm } from "../fakes/fake-llm-server.js";
import { makeTempDir } from "./temp-dir.js";

/** Small segments so a few hundred messages build a real tree. */
function testMemoryConfig(agentDir: string, overrides: Partial<MemoryConfig> = {}): MemoryConfig {
  return {
    agentDir,
    maxContextTokens: 20_000,
    summaryBudget: 0.75,
    summaryWaitMs: 0,
    maxToolResultChars: 2_000,
    segmentation: {
      targetTokens: 1_500,
      minTokens: 400,
      minMessages: 6,
      triggerMessages: 6,
      triggerTokens: 400,
      window: 3,
    },
    rollupFanout: 3,
    summaryConcurrency: 2,
    summaryTimeoutMs: 5_000,
    workingMemory: false,
    autoRecall: false,
    recallAssist: { rewrite: false, rerank: false, candidates: 20, timeoutMs: 5_000 },
    ...overrides,
  };
}

export interface TestMemory {
  dir: string;
  store: AgentStore;
  clock: FakeClock;
  config: MemoryConfig;
  engine: MemoryEngine;
  /** Reopens store and engine on the same folder (a daemon restart). */
  reopen(options?: TestMemoryOptions): TestMemory;
  close(): Promise<void>;
}

export interface TestMemoryOptions {
  config?: Partial<MemoryConfig>;
  summaryModel?: SummaryModel | null;
  breaker?: MemoryEngineOptions["breaker"];
  /** Defaults to the local embedder. */
  embedder?: Embedder;
}

function open(
  dir: string,
  clock: FakeClock,
  options: TestMemoryOptions,
  cleanup: () => void,
): TestMemory {
  const store = openAgentStore({ paths: agentPaths(dir), clock, countTokens: countMessageTokens });
  const config = testMemoryConfig(dir, options.config);
  const engine = MemoryEngine.create({
    store,
    config,
    embedder: options.embedder ?? createLocalEmbedder(),
    summaryModel: options.summaryModel ?? null,
    logger: createSilentLogger(),
    clock,
    templatesDir: join(dir, "templates"),
    ...(options.breaker ? { breaker: options.breaker } : {}),
  });
  const close = async () => {
    await engine.stop();
    store.close();
  };
  return {
    dir,
    store,
    clock,
    config,
    engine,
    reopen: (next = options) => open(dir, clock, next, cleanup),
    close: async () => {
      await close();
      cleanup();
    },
  };
}

/**
 * A fresh agent folder (AGENTS.md only) with an engine; a short KERN.md template stands in for the
 * package's (about 1,000 tokens) so small budgets stay meaningful. `close()` removes the folder.
 */
export function openTestMemory(options: TestMemoryOptions = {}): TestMemory {
  const temp = makeTempDir("kern-memory-");
  mkdirSync(join(temp.path, ".kern"), { recursive: true });
  mkdirSync(join(temp.path, "templates"), { recursive: true });
  writeFileSync(join(temp.path, "AGENTS.md"), "# Agent\nYou are a test agent.\n");
  writeFileSync(join(temp.path, "templates", "KERN.md"), "# kern\nYou run inside kern.\n");
  return open(temp.path, new FakeClock(), options, temp.cleanup);
}

const TOPICS = [
  ["postgres", "replica", "vacuum", "index", "wal", "pgbouncer", "db-03"],
  ["kubernetes", "pod", "helm", "ingress", "node", "kubelet", "cluster"],
  ["garden", "tomatoes", "compost", "seedlings", "watering", "greenhouse", "basil"],
  ["invoice", "stripe", "refund", "ledger", "tax", "quarter", "receipt"],
  ["typescript", "compiler", "generics", "tsconfig", "vitest", "module", "eslint"],
];

export interface ConversationOptions {
  turns: number;
  /** Turns per topic before switching. */
  turnsPerTopic?: number;
  /** Characters of each tool result. */
  toolChars?: number;
  startMs?: number;
  /** Extra text per turn index, e.g. a planted fact. */
  plant?: (turn: number) => string | null;
}

/** Turns of user → assistant tool call → tool result → assistant reply, topic by topic. */
export function buildConversation(options: ConversationOptions): NewMessage[] {
  const perTopic = options.turnsPerTopic ?? 8;
  const toolChars = options.toolChars ?? 600;
  let ms = options.startMs ?? Date.parse("2026-03-01T08:00:00.000Z");
  const ts = () => {
    ms += 45_000;
    return new Date(ms).toISOString();
  };
  const messages: NewMessage[] = [];
  for (let turn = 0; turn < options.turns; turn += 1) {
    const words = TOPICS[Math.floor(turn / perTopic) % TOPICS.length] as string[];
    const pick = (offset: number) => words[(turn + offset) % words.length];
    const planted = options.plant?.(turn);
    const callId = `call_${turn}`;
    const line = `${pick(0)} ${pick(1)} ${pick(2)} status ok for ${pick(3)} and ${pick(4)}. `;
    messages.push(
      {
        ts: ts(),
        role: "user",
        content:
          `Can you check the ${pick(0)} ${pick(1)} and the ${pick(2)}? ${planted ?? ""}`.trim(),
      },
      {
        ts: ts(),
        role: "assistant",
        content: `Checking the ${pick(3)} now.`,
        toolCalls: [
          {
            id: callId,
            type: "function",
            function: { name: "bash", arguments: JSON.stringify({ command: `check ${pick(1)}` }) },
          },
        ],
      },
      {
        ts: ts(),
        role: "tool",
        content: line.repeat(Math.ceil(toolChars / line.length)).slice(0, toolChars),
        toolCallId: callId,
        meta: { tool: "bash" },
      },
      {
        ts: ts(),
        role: "assistant",
        content: `The ${pick(0)} ${pick(5)} looks fine; I will watch the ${pick(6)}.`,
      },
    );
  }
  return messages;
}

/** A real OpenAI-compatible client on the fake LLM server, as the memory engine's model. */
export function modelOn(llm: FakeLlm, model: string): SummaryModel {
  const client = createOpenAiCompatibleClient({
    baseUrl: llm.baseUrl,
    apiKey: null,
    provider: "openai-compatible",
    idleTimeoutMs: 10_000,
    maxRetries: 0,
    logger: createSilentLogger(),
  });
  return { client, model };
}

/** Routes a background call by the marker its system prompt opens with (summarizer, keeper). */
export function systemStartsWith(marker: string): (request: FakeChatRequest) => boolean {
  return (request) => {
    const system = request.messages[0]?.content;
    return typeof system === "string" && system.startsWith(marker);
  };
}

/**
 * Closes what a test opened (test memories, fake servers), newest first, after each test of the
 * calling file; returns the function that registers one and hands it back.
 */
export function closeAfterEach(): <T extends { close(): Promise<void> }>(opened: T) => T {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const opened of open.splice(0).reverse()) await opened.close();
  });
  return (opened) => {
    open.push(opened);
    return opened;
  };
}
