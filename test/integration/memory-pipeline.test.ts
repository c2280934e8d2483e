// The memory pipeline end to end on a generated multi-topic conversation: import, offline build
// (local embeddings, extractive), tiling and rollup invariants, the composed summary, recall of
// planted facts, a model summarizer behind its breaker, idempotence and a zero-call reindex.
// beforeAll builds the agent's memory offline once; tests read it, and a test that changes memory
// works on its own copy of the folder, so each stands alone in any order.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type GeneratedConversation,
  generateConversation,
  writeConversation,
} from "../../bench/generator/index.js";
import { agentPaths, type Config, loadConfig } from "../../src/config/index.js";
import { importConversation, initAgent, TEMPLATES_DIR } from "../../src/daemon/index.js";
import { FakeClock, type Segment } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import {
  countMessageTokens,
  countTokens,
  createLocalEmbedder,
  MemoryEngine,
  type SummaryModel,
} from "../../src/memory/index.js";
import { SUMMARIZER_MARKER } from "../../src/memory/summaries/summary-prompt.js";
import { type AgentStore, openAgentStore, reindexAgent } from "../../src/store/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { modelOn, systemStartsWith } from "../support/memory-fixtures.js";
import { makeTempDir } from "../support/temp-dir.js";

const MESSAGES = 3_000;
const MODEL = "fake-summarizer";

const temp = makeTempDir("kern-pipeline-");
const agentDir = join(temp.path, "agent");
let conversation: GeneratedConversation;
let config: Config;
/** Fake model servers the tests started, closed after each. */
const servers: FakeLlm[] = [];
/** The phases the offline build in beforeAll went through. */
const phases = new Set<string>();

const isSummarizer = systemStartsWith(SUMMARIZER_MARKER);

function openEngine(
  summaryModel: SummaryModel | null,
  dir = agentDir,
  clock = new FakeClock(),
): {
  store: AgentStore;
  engine: MemoryEngine;
} {
  const store = openAgentStore({
    paths: agentPaths(dir),
    clock,
    countTokens: countMessageTokens,
  });
  const engine = MemoryEngine.create({
    store,
    config,
    embedder: createLocalEmbedder(),
    summaryModel,
    logger: createSilentLogger(),
    clock,
    templatesDir: TEMPLATES_DIR,
    breaker: { threshold: 5, openMs: 60_000 },
  });
  return { store, engine };
}

async function closeEngine(opened: { store: AgentStore; engine: MemoryEngine }): Promise<void> {
  await opened.engine.stop();
  opened.store.close();
}

function segmentsOf(store: AgentStore): Segment[] {
  return store.segments.list(store.sessionLog.sessionId);
}

/** A copy of the agent folder with its offline memory, for a test that changes it. */
function copyAgent(name: string): string {
  const dir = join(temp.path, name);
  cpSync(agentDir, dir, { recursive: true });
  return dir;
}

/** A model summarizer on its own fake server: it fails every call while `failing()` says so. */
async function summarizerServer(failing: () => boolean): Promise<FakeLlm> {
  const server = await startFakeLlm();
  server.when(isSummarizer, (request) =>
    failing()
      ? { kind: "fail", status: 503 }
      : `<summary>\n- I summarized ${String(request.messages[1]?.content).length} characters for the record.\n</summary>`,
  );
  return server;
}

/**
 * Runs a model summarizer (its own fake server, returned) on `dir` with every call failing (the
 * breaker opens, stand-ins stay stale), then with calls answered once the breaker's minute passed.
 */
async function summarizeThroughBreaker(
  dir: string,
  checkFailed: (opened: { store: AgentStore; engine: MemoryEngine }, calls: number) => void,
): Promise<{ opened: { store: AgentStore; engine: MemoryEngine }; server: FakeLlm }> {
  let failing = true;
  const server = await summarizerServer(() => failing);
  servers.push(server);
  const clock = new FakeClock();
  const opened = openEngine(modelOn(server, MODEL), dir, clock);
  await opened.engine.runUntilIdle();
  checkFailed(opened, server.requests.length);
  failing = false;
  clock.advance(60_000);
  await opened.engine.runUntilIdle();
  return { opened, server };
}

beforeAll(async () => {
  await initAgent({ agentDir, git: false });
  conversation = generateConversation({ seed: 11, messages: MESSAGES });
  const file = join(temp.path, "conversation.jsonl");
  await writeConversation({ conversation, messagesPath: file });
  await importConversation({ agentDir, file, clock: new FakeClock() });
  config = await loadConfig({ agentDir, env: {} });
  const opened = openEngine(null);
  try {
    await opened.engine.runUntilIdle((progress) => phases.add(progress.phase));
  } finally {
    await closeEngine(opened);
  }
}, 120_000);

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

afterAll(() => {
  temp.cleanup();
});

describe("memory pipeline", () => {
  it("builds a tiling L0 layer and exact rollups offline", async () => {
    const opened = openEngine(null);
    try {
      expect([...phases]).toEqual(expect.arrayContaining(["embed", "segment", "rollup"]));
      const segments = segmentsOf(opened.store);
      const leaves = segments.filter((segment) => segment.level === 0);
      let cursor = 0;
      for (const leaf of leaves) {
        expect(leaf.seqStart).toBe(cursor);
        cursor = leaf.seqEnd;
      }
      expect(cursor).toBe(MESSAGES);
      const parents = segments.filter((segment) => segment.level > 0);
      expect(parents.length).toBeGreaterThan(0);
      for (const parent of parents) {
        const children = opened.store.segments.children(parent.id);
        expect(children).toHaveLength(config.rollupFanout);
        expect(children[0]?.seqStart).toBe(parent.seqStart);
        expect(children.at(-1)?.seqEnd).toBe(parent.seqEnd);
        children.forEach((child, index) => {
          expect(child.level).toBe(parent.level - 1);
          if (index > 0) expect(child.seqStart).toBe(children[index - 1]?.seqEnd);
        });
      }
      expect(segments.every((segment) => segment.method === "extractive" && !segment.stale)).toBe(
        true,
      );
    } finally {
      await closeEngine(opened);
    }
  });

  it("composes a summary within 0.75 of 50000 tokens covering every trimmed message once", async () => {
    const opened = openEngine(null);
    try {
      const composed = await opened.engine.compose({
        toolsText: "bash, read, recall",
        maxContextTokens: 50_000,
      });
      const { report } = composed;
      expect(report.trimmedCount).toBeGreaterThan(0);
      const start = composed.systemPrompt.indexOf("\n<conversation_summary>\n<summary>") + 1;
      const end =
        composed.systemPrompt.lastIndexOf("</conversation_summary>") +
        "</conversation_summary>".length;
      expect(countTokens(composed.systemPrompt.slice(start, end))).toBeLessThanOrEqual(
        0.75 * 50_000,
      );
      expect(report.tokens.summary).toBeLessThanOrEqual(0.75 * 50_000);
      expect(report.tokens.total).toBeLessThanOrEqual(50_000);
      const listed = report.segmentIds.map((id) => opened.store.segments.get(id) as Segment);
      // Every <summary> of the block: a listed segment's, or the extractive stand-in for the head
      // of the segment the trim point falls in (issue 15).
      const covered = new Array<number>(report.window.seqStart).fill(0);
      const blocks = [
        ...composed.systemPrompt.matchAll(/<summary>\nlevel: L\d+\nmessages: (\d+)-(\d+)\n/g),
      ];
      for (const match of blocks)
        for (let seq = Number(match[1]); seq <= Number(match[2]); seq += 1)
          covered[seq] = (covered[seq] ?? 0) + 1;
      expect(covered.every((count) => count === 1)).toBe(true);
      expect(blocks.length).toBeLessThanOrEqual(listed.length + 1);
      for (const segment of listed)
        expect(blocks.some((match) => Number(match[1]) === segment.seqStart)).toBe(true);
      expect(new Set(listed.map((segment) => segment.level)).size).toBeGreaterThan(1);
    } finally {
      await closeEngine(opened);
    }
  });

  it("recalls planted facts in the top 5", async () => {
    const opened = openEngine(null);
    try {
      const facts = conversation.truth.facts.filter((fact) => fact.kind !== "negative");
      let found = 0;
      for (const fact of facts) {
        const report = await opened.engine.recall({ query: fact.question, k: 5 });
        const hit = report.results.some((result) =>
          fact.seqs.some((seq) => seq >= result.seqStart && seq < result.seqEnd),
        );
        if (hit) found += 1;
      }
      expect(facts.length).toBeGreaterThan(0);
      expect(found / facts.length).toBeGreaterThanOrEqual(0.8);
    } finally {
      await closeEngine(opened);
    }
  });

  it("replaces stand-ins with model summaries once the breaker lets calls through again", async () => {
    const { opened, server } = await summarizeThroughBreaker(
      copyAgent("breaker"),
      (failedRun, failed) => {
        // The breaker opens after 5 failures; calls already in flight then fail too.
        expect(failed).toBeGreaterThanOrEqual(5);
        expect(failed).toBeLessThanOrEqual(5 + config.summaryConcurrency - 1);
        expect(
          segmentsOf(failedRun.store).every(
            (segment) => segment.method === "extractive" && segment.stale,
          ),
        ).toBe(true);
      },
    );
    try {
      const segments = segmentsOf(opened.store);
      expect(segments.every((segment) => segment.method === `llm:${MODEL}` && !segment.stale)).toBe(
        true,
      );
      const calls = server.requests.length;
      await opened.engine.runUntilIdle();
      expect(server.requests.length).toBe(calls);
    } finally {
      await closeEngine(opened);
    }
  }, 120_000);

  it("rebuilds identical segments and model summaries from the logs with zero model calls", async () => {
    const dir = copyAgent("rebuild");
    const { opened: before, server } = await summarizeThroughBreaker(dir, () => undefined);
    const snapshot = segmentsOf(before.store);
    await closeEngine(before);
    expect(snapshot.every((segment) => segment.method === `llm:${MODEL}`)).toBe(true);
    const paths = agentPaths(dir);
    rmSync(paths.database, { force: true });
    const report = reindexAgent({ paths, countTokens: countMessageTokens });
    expect(report.skippedEntries).toBe(0);
    const calls = server.requests.length;
    const after = openEngine(modelOn(server, MODEL), dir);
    try {
      await after.engine.runUntilIdle();
      expect(server.requests.length).toBe(calls);
      expect(segmentsOf(after.store)).toEqual(snapshot);
    } finally {
      await closeEngine(after);
    }
  }, 180_000);
});
