// Turn latency of a real assembled daemon (issue 9): the fake LLM is the chat model (answers at
// once) and the summary model (answers at once, or after a delay). Latency is submit → turn-end.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadConfig } from "../../src/config/index.js";
import {
  assembleDaemon,
  importConversation,
  initAgent,
  withOfflineMemory,
} from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import type { MemoryEngine } from "../../src/memory/index.js";
import type { Runtime } from "../../src/runtime/index.js";
import { type FakeChatRequest, startFakeLlm } from "../../test/fakes/fake-llm-server.js";
import { generateConversation, writeConversation } from "../generator/index.js";
import type { TurnVariant } from "../report/results-schema.js";
import { summarizeLatencies } from "../support/stats.js";
import { MEASURED_TURNS, REPLY_CHARS, THINK_MS, WARMUP_TURNS } from "../turn-job.js";

/** First line of every summarizer system prompt (memory/summary-prompt.ts). */
const SUMMARIZER_MARKER = "You are kern's memory summarizer.";
const SUMMARY_REPLY =
  "<summary>\n- I kept working on the request and noted the open points.\n</summary>";
const SETTLE_TIMEOUT_MS = 120_000;

function isSummarizerPrompt(request: FakeChatRequest): boolean {
  const first = request.messages[0];
  return (
    first?.role === "system" &&
    typeof first.content === "string" &&
    first.content.startsWith(SUMMARIZER_MARKER)
  );
}

/** A fresh agent holding a generated history with its memory built offline. */
export async function prepareTurnAgent(options: {
  agentDir: string;
  seed: number;
  messages: number;
}) {
  const { agentDir } = options;
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = join(dirname(agentDir), `${agentDir.split("/").at(-1)}-history.jsonl`);
  const conversation = generateConversation({ seed: options.seed, messages: options.messages });
  await writeConversation({ conversation, messagesPath: file });
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  await withOfflineMemory({ agentDir, env: {} }, (memory) => memory.runUntilIdle());
}

/** User texts and ~REPLY_CHARS replies taken from another generated conversation. */
function turnTexts(seed: number) {
  const { messages } = generateConversation({ seed: seed + 3, messages: 1_500 });
  const users = messages.filter((m) => m.role === "user").map((m) => m.content ?? "");
  const replies: string[] = [];
  let reply = "";
  for (const message of messages.filter((m) => m.role !== "user")) {
    reply += `${message.content ?? ""}\n`;
    if (reply.length < REPLY_CHARS) continue;
    replies.push(reply.slice(0, REPLY_CHARS));
    reply = "";
  }
  return { users, replies };
}

/** Waits until the worker is idle with no stale summary left (the history's rewrite is done). */
async function settle(memory: MemoryEngine): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const state = memory.state();
    if (state.status === "idle" && state.pendingJobs === 0 && state.staleSegments === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the summary backlog did not settle in 120 s: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Milliseconds from submit to the turn's `turn-end`. */
async function timeTurn(runtime: Runtime, text: string): Promise<number> {
  let turnId = "";
  let stopReason = "";
  const started = performance.now();
  const ended = new Promise<void>((resolve) => {
    const unsubscribe = runtime.subscribe((event) => {
      if (event.type !== "turn-end" || event.turnId !== turnId) return;
      stopReason = event.stopReason;
      unsubscribe();
      resolve();
    });
  });
  turnId = runtime.submit({ text, interface: "web", user: "bench", name: "Bench" }).turnId;
  await ended;
  const ms = performance.now() - started;
  if (stopReason !== "end") throw new Error(`bench turn ended with ${stopReason}`);
  return ms;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One daemon with its fake LLM, ready for timed turns once `settle` returns. */
export interface TurnRig {
  name: string;
  delayMs: number;
  time(text: string): Promise<number>;
  /** Counts since `arm()` (L0 segments closed, summary calls received) and the worker's backlog. */
  counts(): Pick<TurnVariant, "segmentsClosed" | "summaryCalls" | "backlog">;
  /** Waits for the history's summaries, then switches the summary model to its delay. */
  arm(): Promise<void>;
  close(): Promise<void>;
}

export async function startTurnRig(options: {
  agentDir: string;
  seed: number;
  name: string;
  delayMs: number;
}): Promise<TurnRig> {
  const llm = await startFakeLlm();
  let summaryDelayMs = 0;
  llm.when(isSummarizerPrompt, () => ({
    kind: "text",
    text: SUMMARY_REPLY,
    delayMs: summaryDelayMs,
  }));
  const { replies } = turnTexts(options.seed);
  llm.when(
    () => true,
    (_request, call) => replies[call % replies.length] ?? "Done.",
  );
  const env = { KERN_MODEL: "fake-model", KERN_BASE_URL: llm.baseUrl };
  const config = await loadConfig({
    agentDir: options.agentDir,
    env,
    overrides: { modelRetries: 0 },
  });
  const daemon = await assembleDaemon({
    agentDir: options.agentDir,
    config,
    env,
    logger: createSilentLogger(),
  });
  await daemon.listen();
  const session = daemon.store.sessionLog.sessionId;
  const level0 = () => daemon.store.segments.list(session).filter((s) => s.level === 0).length;
  const summaryCalls = () => llm.requests.filter(isSummarizerPrompt).length;
  let base = { segments: 0, calls: 0 };
  return {
    name: options.name,
    delayMs: options.delayMs,
    time: (text) => timeTurn(daemon.runtime, text),
    counts: () => ({
      segmentsClosed: level0() - base.segments,
      summaryCalls: summaryCalls() - base.calls,
      backlog: {
        unembedded: daemon.store.vectors.pendingCount(),
        unsegmented: daemon.memory.state().unsegmentedMessages,
      },
    }),
    async arm() {
      await settle(daemon.memory);
      summaryDelayMs = options.delayMs;
      base = { segments: level0(), calls: summaryCalls() };
    },
    async close() {
      await daemon.stop();
      await llm.close();
    },
  };
}

/**
 * Times turns on every rig in turn, alternating the order each round (ABBA) so that load from
 * elsewhere on the machine falls on all of them alike.
 */
export async function timeInterleaved(
  rigs: readonly TurnRig[],
  seed: number,
): Promise<TurnVariant[]> {
  const { users } = turnTexts(seed);
  const samples = rigs.map(() => [] as number[]);
  for (let turn = 0; turn < WARMUP_TURNS + MEASURED_TURNS; turn += 1) {
    const order = rigs.map((_, index) => index);
    if (turn % 2 === 1) order.reverse();
    for (const index of order) {
      const ms = await (rigs[index] as TurnRig).time(users[turn % users.length] ?? "Status?");
      if (turn >= WARMUP_TURNS) samples[index]?.push(ms);
      await pause(THINK_MS);
    }
  }
  return rigs.map((rig, index) => ({
    name: rig.name,
    summaryDelayMs: rig.delayMs,
    latency: summarizeLatencies(samples[index] ?? []),
    ...rig.counts(),
  }));
}
