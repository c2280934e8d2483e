// Issue 15's reachability on real chat histories: for a LongMemEval question whose answer appears
// verbatim in an evidence turn, is the answer in the prompt at a budget? Prompts of the same token
// cost: kern's prompt for the turn asking the question (<conversation_summary>, the verbatim
// window and, with autoRecall on by default, the turn's <recall> block), the same without
// autoRecall, plain trimming (the newest messages only, in the tokens kern gives its summary and
// window), and top-k recall injection (kern's window without autoRecall plus the messages of
// `recall` with the question, in the tokens that prompt gives its summary: what RAG would inject).
import type { Config } from "../../src/config/index.js";
import type { SessionMessage } from "../../src/kernel/index.js";
import { countTokens, type MemoryEngine, messageText } from "../../src/memory/index.js";
import { toolsForScope, toolsSectionText } from "../../src/runtime/tools/tool-registry.js";
import type { AgentStore } from "../../src/store/index.js";
import type { Question } from "./questions.js";
import type { Haystack } from "./to-conversation.js";

export const PROMPT_KINDS = ["kern", "kernNoRecall", "trimming", "topK"] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

/** Results `recall` is asked for; injection stops when the summary's tokens are spent. */
const RECALL_K = 30;
/** An answer found in more non-evidence messages than this tests word frequency, not reach. */
const MAX_OTHER_MENTIONS = 2;

export interface VerbatimAnswer {
  answer: string;
  /** The newest evidence turn that holds the answer. */
  seq: number;
  /** 0 = the newest message of the history, 1 = the oldest. */
  depth: number;
}

const holds = (text: string, answer: string) => text.toLowerCase().includes(answer.toLowerCase());

/**
 * The question's answer when it is a short string found verbatim in an evidence turn (at least
 * three characters, in at most two other messages), else null: the questions issue 15 scores.
 */
export function verbatimAnswer(question: Question, haystack: Haystack): VerbatimAnswer | null {
  const raw = question.answer;
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const answer = String(raw).trim();
  if (answer.length < 3 || answer.length > 80) return null;
  let seq = -1;
  let others = 0;
  haystack.lines.forEach((line, index) => {
    if (!holds(line.content, answer)) return;
    if (haystack.evidence.has(index)) seq = index;
    else others += 1;
  });
  if (seq < 0 || others > MAX_OTHER_MENTIONS) return null;
  const count = haystack.lines.length;
  return { answer, seq, depth: (count - 1 - seq) / count };
}

export interface PromptFigures {
  budget: number;
  /** Tokens of kern's whole prompt; the other two prompts use no more. */
  promptTokens: number;
  found: Record<PromptKind, boolean>;
}

export interface AnswerInPromptOptions {
  memory: MemoryEngine;
  store: AgentStore;
  config: Config;
  question: string;
  answer: string;
  budget: number;
}

export async function answerInPrompt(options: AnswerInPromptOptions): Promise<PromptFigures> {
  const { memory, store, config, budget, answer } = options;
  const session = store.sessionLog.sessionId;
  const toolsText = toolsSectionText(toolsForScope(config.toolScope));
  // Prompts as sent: the window's messages as the composer gives them (a tool result may be cut,
  // the turn's user message may carry the <recall> block).
  const text = (prompt: { systemPrompt: string; window: readonly SessionMessage[] }) =>
    [prompt.systemPrompt, ...prompt.window.map(messageText)].join("\n");
  // kern as a turn asking the question composes it (autoRecall as configured: on by default).
  const turn = await memory.turnPrompt({
    toolsText,
    question: options.question,
    autoRecall: config.autoRecall,
    session,
    maxContextTokens: budget,
  });
  const { report } = turn;
  const kern = text(turn);
  // The same without autoRecall: the summary and window alone.
  const plain = await memory.compose({ toolsText, maxContextTokens: budget, autoRecall: false });
  const kernNoRecall = text(plain);
  const windowText = plain.window.map(messageText).join("\n");
  // Plain trimming: the newest messages in the tokens kern spends on its summary and window.
  const rows = store.messages.tokenRows(session);
  let room = report.tokens.summary + report.tokens.messages;
  let from = rows.length;
  while (from > 0 && room - (rows[from - 1]?.tokens ?? 0) >= 0) {
    from -= 1;
    room -= rows[from]?.tokens ?? 0;
  }
  const newest = store.messages.range(
    session,
    rows[from]?.seq ?? Number.MAX_SAFE_INTEGER,
    report.window.seqEnd,
  );
  const trimming = newest.map(messageText).join("\n");
  // Top-k recall: kern's window without autoRecall plus recall's messages in the tokens that
  // prompt spends on its summary, best first.
  const recall = await memory.recall({ query: options.question, k: RECALL_K });
  let spare = plain.report.tokens.summary;
  const injected: string[] = [];
  for (const result of recall.results) {
    if (result.seqStart >= plain.report.window.seqStart) continue; // already in the window
    const end = Math.min(result.seqEnd, plain.report.window.seqStart);
    const text = store.messages.range(session, result.seqStart, end).map(messageText).join("\n");
    const cost = countTokens(text);
    if (cost > spare) continue;
    spare -= cost;
    injected.push(text);
  }
  const topK = [...injected, windowText].join("\n");
  return {
    budget,
    promptTokens: report.tokens.total,
    found: {
      kern: holds(kern, answer),
      kernNoRecall: holds(kernNoRecall, answer),
      trimming: holds(trimming, answer),
      topK: holds(topK, answer),
    },
  };
}
