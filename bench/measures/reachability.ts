// Prompt reachability: the share of planted facts whose answer string appears in the prompt the
// model would see (system prompt with <conversation_summary>, plus the verbatim window) at a given
// budget, by depth in the history (ten buckets of 10%, newest first).
import type { Config } from "../../src/config/index.js";
import { type MemoryEngine, messageText } from "../../src/memory/index.js";
import { toolsForScope, toolsSectionText } from "../../src/runtime/tools/tool-registry.js";
import type { AgentStore } from "../../src/store/index.js";
import type { Reachability } from "../report/results-schema.js";
import { plantedFacts, type Truth } from "../support/truth-file.js";

export interface MeasureReachabilityOptions {
  memory: MemoryEngine;
  store: AgentStore;
  config: Config;
  truth: Truth;
  budget: number;
}

const BUCKETS = 10;

/** Bucket 0 holds the newest 10% of the history, bucket 9 the oldest. */
export function depthBucket(seq: number, messageCount: number): number {
  const depth = (messageCount - 1 - seq) / messageCount;
  return Math.min(BUCKETS - 1, Math.max(0, Math.floor(depth * BUCKETS)));
}

/**
 * The composed prompt as text: the system prompt, then the window's messages as sent (its oldest
 * turn's tool results may be cut to fit: ADR 0010 round 6). As a turn composes it: with autoRecall
 * (on by default), the <recall> block for the turn's question, here the history's newest user
 * message (the turn it would have been).
 */
async function promptText(options: MeasureReachabilityOptions) {
  const { memory, store, config, budget } = options;
  const session = store.sessionLog.sessionId;
  const rows = store.messages.tokenRows(session);
  const newestUser = rows.findLast((row) => row.role === "user");
  const [question] = newestUser
    ? store.messages.range(session, newestUser.seq, newestUser.seq + 1)
    : [];
  const composed = await memory.turnPrompt({
    toolsText: toolsSectionText(toolsForScope(config.toolScope)),
    question: question ? messageText(question) : "",
    autoRecall: config.autoRecall,
    session,
    maxContextTokens: budget,
  });
  const text = [composed.systemPrompt, ...composed.window.map(messageText)].join("\n");
  return { text, report: composed.report, windowMessages: composed.window.length };
}

export async function measureReachability(
  options: MeasureReachabilityOptions,
): Promise<Reachability> {
  const { text, report, windowMessages } = await promptText(options);
  const buckets = Array.from({ length: BUCKETS }, () => ({ facts: 0, reachable: 0 }));
  let reachable = 0;
  const facts = plantedFacts(options.truth);
  for (const fact of facts) {
    const bucket = buckets[depthBucket(fact.seq, options.truth.messageCount)];
    if (!bucket) continue;
    bucket.facts += 1;
    if (!text.includes(fact.answer)) continue;
    bucket.reachable += 1;
    reachable += 1;
  }
  const levels = new Map(
    options.store.segments.list(options.store.sessionLog.sessionId).map((s) => [s.id, s.level]),
  );
  const piecesByLevel: number[] = [];
  for (const id of report.segmentIds) {
    const level = levels.get(id) ?? 0;
    while (piecesByLevel.length <= level) piecesByLevel.push(0);
    piecesByLevel[level] = (piecesByLevel[level] ?? 0) + 1;
  }
  return {
    budget: options.budget,
    summaryTokens: report.tokens.summary,
    piecesByLevel,
    windowMessages,
    promptTokens: report.tokens.total,
    overall: { facts: facts.length, reachable },
    buckets,
  };
}

/**
 * For each summary level, how many planted facts keep their answer in the summary of the segment
 * covering them: where facts are lost on the way up the tree.
 */
export function measureFactSurvival(store: AgentStore, truth: Truth) {
  const segments = store.segments.list(store.sessionLog.sessionId);
  const levels = Math.max(0, ...segments.map((segment) => segment.level + 1));
  const byLevel = Array.from({ length: levels }, () => 0);
  const facts = plantedFacts(truth);
  for (const fact of facts) {
    for (let level = 0; level < levels; level += 1) {
      const covering = segments.find(
        (segment) =>
          segment.level === level && segment.seqStart <= fact.seq && fact.seq < segment.seqEnd,
      );
      if (covering?.summary?.includes(fact.answer)) byLevel[level] = (byLevel[level] ?? 0) + 1;
    }
  }
  return { facts: facts.length, byLevel };
}
