// Averages per-question hits into recall@k per leg, overall and per question type. Pure.
import { LEGS, type Leg, type QuestionResult } from "./run-question.js";
import { RECALL_KS } from "./score.js";

export interface LegRecall {
  turn: Record<number, number>;
  session: Record<number, number>;
}

export interface RecallTable {
  overall: Record<Leg, LegRecall>;
  byType: Record<string, { questions: number; legs: Record<Leg, LegRecall> }>;
}

function average(results: readonly QuestionResult[]): Record<Leg, LegRecall> {
  const table = {} as Record<Leg, LegRecall>;
  for (const leg of LEGS) {
    const turn: Record<number, number> = {};
    const session: Record<number, number> = {};
    for (const k of RECALL_KS) {
      const count = Math.max(1, results.length);
      turn[k] = results.filter((result) => result.hits[leg].turn[k]).length / count;
      session[k] = results.filter((result) => result.hits[leg].session[k]).length / count;
    }
    table[leg] = { turn, session };
  }
  return table;
}

export function summarize(results: readonly QuestionResult[]): RecallTable {
  const types = [...new Set(results.map((result) => result.type))].sort();
  const byType: RecallTable["byType"] = {};
  for (const type of types) {
    const subset = results.filter((result) => result.type === type);
    byType[type] = { questions: subset.length, legs: average(subset) };
  }
  return { overall: average(results), byType };
}
