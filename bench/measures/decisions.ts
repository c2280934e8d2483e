// Issue 15, Must show 4: the Decisions section of the working memory after the import (what
// `kern memory` lists) against the generator's planted decisions. A listed decision is right when
// it holds a planted answer ("SQS instead of Kafka"); recall counts planted decisions listed.
import type { AgentStore } from "../../src/store/index.js";
import type { Truth } from "../support/truth-file.js";

export interface DecisionFigures {
  listed: number;
  planted: number;
  /** Listed decisions that hold a planted answer. */
  correct: number;
  /** Planted decisions some listed one holds. */
  found: number;
  /** Planted decisions in the older half of the history, and how many of them were found. */
  olderHalf: { planted: number; found: number };
  /** Listed decisions that read "keep going" (issue 15: none). */
  keepGoing: number;
}

const DECISION_LINE = /^- \d{4}-\d{2}-\d{2}: (.*) \(seq \d+\)$/;

/** The decision lines of the working memory's markdown (its "## Decisions" section). */
export function decisionLines(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith("Decisions\n")) ?? "";
  return section.split("\n").flatMap((line) => {
    const match = DECISION_LINE.exec(line);
    return match?.[1] ? [match[1]] : [];
  });
}

export function measureDecisions(store: AgentStore, truth: Truth): DecisionFigures {
  const markdown = store.state.workingMemory(store.sessionLog.sessionId)?.content ?? "";
  const listed = decisionLines(markdown).map((text) => text.toLowerCase());
  const planted = truth.facts.filter((fact) => fact.kind === "decision");
  const holds = (text: string) => planted.some((fact) => text.includes(fact.answer.toLowerCase()));
  const isFound = (answer: string) => listed.some((text) => text.includes(answer.toLowerCase()));
  const older = planted.filter((fact) => fact.seq < truth.messageCount / 2);
  return {
    listed: listed.length,
    planted: planted.length,
    correct: listed.filter(holds).length,
    found: planted.filter((fact) => isFound(fact.answer)).length,
    olderHalf: {
      planted: older.length,
      found: older.filter((fact) => isFound(fact.answer)).length,
    },
    keepGoing: listed.filter((text) => /keep going/.test(text)).length,
  };
}
