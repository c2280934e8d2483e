// autoRecall's <recall> block (SPEC §6) rides on the turn's user message, after its envelope line
// and before its words, not in the system prompt: a block that changes every turn at the end of
// the system prompt would make the summary and the whole window a prompt-cache miss on every turn
// (LESSONS #6). While autoRecall is on, the planner keeps the block's room whether or not a turn
// has one, so the summary and the window's start do not move with it. Pure.
// docs/decisions/0010-what-the-agent-sees.md
import { markKernHead, neutralize, type SessionMessage } from "../../kernel/index.js";
import { countTokens } from "../text/count-tokens.js";

/** SPEC §6: the `<recall>` block holds at most ~2000 tokens. */
export const RECALL_MAX_TOKENS = 2000;
/** At small budgets the block gets at most this share of the budget (3,000 tokens: 300). */
const RECALL_MAX_SHARE = 0.1;

const OPEN = "<recall>\n";
const CLOSE = "\n</recall>\n\n";
/** Tokens a block and its tags may add where they join the message's text. */
const JOIN_SLACK = 4;

/** Tokens of the block's text at a budget of `budget` tokens: 2000, less at small budgets. */
export function recallTextTokens(budget: number): number {
  return Math.max(0, Math.min(RECALL_MAX_TOKENS, Math.floor(RECALL_MAX_SHARE * budget)));
}

/** The room the planner keeps for the block while autoRecall is on, in tokens. */
export function recallAllowanceTokens(budget: number): number {
  return recallTextTokens(budget) + countTokens(OPEN + CLOSE) + JOIN_SLACK;
}

/**
 * `window` with `text` (at most recallTextTokens, cut by the caller) as a `<recall>` block at the
 * head of its newest user message: a copy of that message; the log is not touched. Returns the
 * window unchanged when it holds no user message.
 */
export function withRecallBlock(
  window: readonly SessionMessage[],
  text: string,
): { window: SessionMessage[]; message: SessionMessage | null } {
  const at = window.findLastIndex((message) => message.role === "user");
  const original = window[at];
  if (!original) return { window: [...window], message: null };
  // The passages are outside text: they cannot close the block. The head is marked as kern's so
  // the runtime neutralizes only what follows it (the user's words).
  const head = `${OPEN}${neutralize(text.trim())}${CLOSE}`;
  const message = markKernHead(
    { ...original, content: `${head}${original.content ?? ""}` },
    head.length,
  );
  return { window: window.map((entry, index) => (index === at ? message : entry)), message };
}
