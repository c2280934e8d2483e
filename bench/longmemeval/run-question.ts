// One LongMemEval question through kern's real path: a fresh agent, `importConversation` of its
// haystack, the offline memory pipeline, then recall's legs and final results, beside BM25 over
// the same messages. Returns the hits per leg.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importConversation, initAgent, withOfflineMemory } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { buildBm25 } from "./bm25.js";
import type { Question } from "./questions.js";
import { asRanges, type Hits, scoreRanges } from "./score.js";
import { toHaystack } from "./to-conversation.js";

export const LEGS = ["bm25", "fts", "vectors", "fused", "final"] as const;
export type Leg = (typeof LEGS)[number];

export interface QuestionResult {
  id: string;
  type: string;
  hits: Record<Leg, Hits>;
  finalMessagesShown: number;
}

/** Candidates each leg ranks; recall@10 needs at most 10 messages. */
const DEPTH = 10;

export async function runQuestion(question: Question, workDir: string): Promise<QuestionResult> {
  const haystack = toHaystack(question);
  const agentDir = join(workDir, question.question_id);
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = join(workDir, `${question.question_id}.jsonl`);
  writeFileSync(file, `${haystack.lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  const bm25 = buildBm25(haystack.lines.map((line) => `${line.role}: ${line.content}`));
  try {
    return await withOfflineMemory({ agentDir, env: {} }, async (memory, store) => {
      await memory.runUntilIdle();
      const seqOf = (ids: readonly number[]) => {
        const byId = new Map(store.messages.byIds([...ids]).map((m) => [m.id, m.seq]));
        return ids.flatMap((id) => {
          const seq = byId.get(id);
          return seq === undefined ? [] : [seq];
        });
      };
      const legs = await memory.recallLegs({ query: question.question, k: DEPTH });
      const final = await memory.recall({ query: question.question, k: DEPTH });
      const ranges = final.results.map((r) => [r.seqStart, r.seqEnd] as [number, number]);
      const hits: Record<Leg, Hits> = {
        bm25: scoreRanges(asRanges(bm25.search(question.question, DEPTH)), haystack),
        fts: scoreRanges(asRanges(seqOf(legs.fts)), haystack),
        vectors: scoreRanges(asRanges(seqOf(legs.vectors)), haystack),
        fused: scoreRanges(asRanges(seqOf(legs.fused)), haystack),
        final: scoreRanges(ranges, haystack),
      };
      const finalMessagesShown = ranges.reduce((sum, [start, end]) => sum + end - start, 0);
      return { id: question.question_id, type: question.question_type, hits, finalMessagesShown };
    });
  } finally {
    rmSync(agentDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}
