// autoRecall (SPEC §6): when messages were trimmed, search before the turn and prepend a <recall>
// block of at most ~2000 tokens, trimmed to fit rather than dropped. Each hit outside the verbatim
// window brings the passage of its messages that best matches the question (recallPassage), in
// a share of the block by rank: a short answer sits in the sentence that matches, and a fixed
// snippet around the first matched word often missed it (issue 15). A hit shorter than its share
// reads on into the messages after it, where the answer to a matched question is.
import type { RecallReport } from "../../kernel/index.js";
import { searchTerms } from "../../store/index.js";
import { countTokens } from "../text/count-tokens.js";
import type { ExpandOptions } from "./expand.js";
import { recallPassage } from "./recall-passage.js";

/** What the block is read from: the memory engine's recall and expand (pure reads). */
export interface RecallSource {
  recall(options: { query: string; k: number }): Promise<RecallReport>;
  expand(options: ExpandOptions): Promise<string>;
}

/** Hits asked for; those inside the verbatim window are skipped. */
const RECALL_HITS = 8;
/**
 * Messages after a hit read to fill the room its passage leaves: a question that matched is
 * followed by its answer (LongMemEval: "how many eggs did you say we need" matches the user's
 * question; the number is in the reply).
 */
const FOLLOWING_MESSAGES = 4;
/** Characters per token of chat text (o200k), to size a passage before it is counted. */
const CHARS_PER_TOKEN = 4;
/** A hit's messages read to find its passage, in tokens (a long tool output is cut here). */
const EXPAND_TOKENS = 4000;

/**
 * `expand`'s text without its note, each message's header line shortened to its role as a prefix
 * ("assistant: …"): the passage then spends its characters on what was said.
 */
function spokenText(expanded: string): string {
  const body = expanded.slice(expanded.indexOf("\n\n") + 2);
  return body.replace(/^\[\S+ #\d+ (\w+) \S+\]\n/gm, "$1: ");
}

/** What was said after `hit`, up to FOLLOWING_MESSAGES messages, never into the window. */
async function following(
  memory: Pick<RecallSource, "expand">,
  hit: { session: string; seqEnd: number },
  window: { session: string; seqStart: number },
): Promise<string> {
  const end = hit.seqEnd + FOLLOWING_MESSAGES;
  const seqEnd = hit.session === window.session ? Math.min(end, window.seqStart) : end;
  if (seqEnd <= hit.seqEnd) return "";
  const text = await memory.expand({
    session: hit.session,
    seqStart: hit.seqEnd,
    seqEnd,
    maxTokens: EXPAND_TOKENS,
  });
  return spokenText(text);
}

/**
 * Hits outside the verbatim window, as lines, within `maxTokens` (the composer's
 * recallTextTokens for the budget); null when none.
 */
export async function buildRecallText(
  memory: RecallSource,
  query: string,
  window: { session: string; seqStart: number },
  maxTokens: number,
): Promise<string | null> {
  const report = await memory.recall({ query, k: RECALL_HITS });
  // Not what the window holds verbatim: a hit that reaches into it (recall widens a hit to the
  // rest of its turn) keeps only its part before the window.
  const hits = report.results.flatMap((hit) => {
    if (hit.session !== window.session || hit.seqEnd <= window.seqStart) return [hit];
    if (hit.seqStart >= window.seqStart) return [];
    return [{ ...hit, seqEnd: window.seqStart }];
  });
  const terms = searchTerms(query);
  const lines: string[] = [];
  let tokens = 0;
  for (const [index, hit] of hits.entries()) {
    const label = `- ${hit.ts} session ${hit.session} messages ${hit.seqStart}-${hit.seqEnd - 1}: `;
    // Better-ranked hits get larger shares of what is left (weight 1 / (rank + 2)).
    const weight = (rank: number) => 1 / (rank + 2);
    let rest = 0;
    for (let rank = index; rank < hits.length; rank += 1) rest += weight(rank);
    const share = ((maxTokens - tokens) * weight(index)) / rest - countTokens(label) - 1;
    if (share <= 0) break;
    const text = await memory.expand({
      session: hit.session,
      seqStart: hit.seqStart,
      seqEnd: hit.seqEnd,
      maxTokens: EXPAND_TOKENS,
    });
    const said = spokenText(text);
    const maxChars = Math.floor(share * CHARS_PER_TOKEN);
    const next = said.length < maxChars ? await following(memory, hit, window) : "";
    let line = `${label}${recallPassage(said, terms, maxChars, next)}`;
    let cost = countTokens(line) + 1;
    if (tokens + cost > maxTokens) {
      line = `${label}${hit.snippet}`;
      cost = countTokens(line) + 1;
      if (tokens + cost > maxTokens) break;
    }
    lines.push(line);
    tokens += cost;
  }
  return lines.length > 0 ? lines.join("\n") : null;
}
