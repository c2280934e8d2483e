// Compose latency (SPEC §5 target: p95 < 10 ms): many memory.compose calls with nothing changed,
// and with one new message appended between calls (the turn path: a user message, then compose).
import type { Config } from "../../src/config/index.js";
import { composeContextReport } from "../../src/daemon/index.js";
import type { NewMessage } from "../../src/kernel/index.js";
import type { ComposeOptions, MemoryEngine } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";
import { type LatencySummary, summarizeLatencies, timeAsync } from "../support/stats.js";

export interface ComposeLatencyOptions {
  memory: MemoryEngine;
  store: AgentStore;
  config: Config;
}

/** The runtime's compose options: the real `<tools>` text (read back from a composed prompt). */
async function turnComposeOptions(options: ComposeLatencyOptions): Promise<ComposeOptions> {
  const { memory, store, config } = options;
  const report = await composeContextReport({ memory, config });
  const tools = /^<tools>\n([\s\S]*?)\n<\/tools>$/m.exec(report.systemPrompt)?.[1] ?? "";
  const session = store.sessionLog.sessionId;
  const workingMemory = config.workingMemory
    ? (store.state.workingMemory(session)?.content ?? null)
    : null;
  return { toolsText: tools, workingMemory };
}

/** `calls` composes of an unchanged history (the composer's cache path). */
export async function composeUnchanged(
  options: ComposeLatencyOptions,
  calls: number,
): Promise<LatencySummary> {
  const composeOptions = await turnComposeOptions(options);
  await options.memory.compose(composeOptions);
  const samples: number[] = [];
  for (let call = 0; call < calls; call += 1)
    samples.push(await timeAsync(() => options.memory.compose(composeOptions)));
  return summarizeLatencies(samples);
}

/** One message appended (not timed), then one compose (timed), for each message given. */
export async function composeAfterNewMessage(
  options: ComposeLatencyOptions,
  messages: readonly NewMessage[],
): Promise<LatencySummary> {
  const composeOptions = await turnComposeOptions(options);
  await options.memory.compose(composeOptions);
  const samples: number[] = [];
  for (const message of messages) {
    options.store.appendMessages([message]);
    samples.push(await timeAsync(() => options.memory.compose(composeOptions)));
  }
  return summarizeLatencies(samples);
}
