// Compression: tokens in → tokens out per summary level, and for the composed prompt at a budget
// how many tokens were trimmed from the window against the size of <conversation_summary>.
import type { Config } from "../../src/config/index.js";
import { composeContextReport, compressionByLevel } from "../../src/daemon/index.js";
import type { MemoryEngine } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";
import type { Compression } from "../report/results-schema.js";

export interface MeasureCompressionOptions {
  memory: MemoryEngine;
  store: AgentStore;
  config: Config;
  budgets: readonly number[];
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function measureCompression(options: MeasureCompressionOptions): Promise<Compression> {
  const { memory, store, config } = options;
  const levels = compressionByLevel(await memory.segmentsReport()).map((level) => ({
    ...level,
    ratio: round(level.ratio),
  }));
  const budgets: Compression["budgets"] = [];
  for (const budget of options.budgets) {
    const report = await composeContextReport({ memory, config, maxContextTokens: budget });
    const trimmedTokens = store.messages
      .tokenRows(store.sessionLog.sessionId, 0, report.window.seqStart)
      .reduce((sum, row) => sum + row.tokens, 0);
    budgets.push({
      budget,
      trimmedMessages: report.trimmedCount,
      trimmedTokens,
      summaryTokens: report.tokens.summary,
      ratio: report.tokens.summary > 0 ? round(trimmedTokens / report.tokens.summary) : 0,
    });
  }
  return { levels, budgets };
}
