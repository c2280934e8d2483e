// The keeper's rules (no model, or the model failed): what one exchange adds to the working
// memory — the request as task state, cue phrases as decisions, preferences and context, and the
// files its tool calls wrote. Pure: no I/O.
import type { SessionMessage } from "../../kernel/index.js";
import { filesWrittenBy } from "./working-memory-files.js";
import { cleanLine, type FileChange, TEXT_LIMITS } from "./working-memory-state.js";

/** What one exchange (a user message and everything up to the next) tells the keeper. */
export interface ExchangeObservation {
  /** Seq of the exchange's first message: the seq items it adds or mentions carry. */
  seq: number;
  /** Day of the exchange (YYYY-MM-DD), for decisions. */
  date: string;
  /** The user's request, which becomes the task; null = the task stays (the rest of a turn). */
  request: string | null;
  /** The next step the agent announced; null = none said. */
  nextStep: string | null;
  decisions: Array<{ text: string; reason: string | null }>;
  files: FileChange[];
  context: string[];
  /** `replaces`: the text of a recorded preference this one contradicts, when known. */
  preferences: Array<{ text: string; replaces: string | null }>;
  /** User and assistant text of the exchange: items whose key words appear here are refreshed. */
  text: string;
}

const DECISION_CUE =
  /(?:^|\W)(?:(?:we|i)(?:'ve| have)? decided|decided to|let'?s go with|let us go with|(?:we|i)'?ll go with|(?:we'?re|we are|i'?m|i am) going with|decision:|(?:we|i)'?ll use|we will use|let'?s use|we chose|we picked|(?:let'?s|we'?ll) stick with|we agreed|decision on|final call on|(?:we|i) settled on|we went with)(?=\W|$)/i;
const CHOICE_VERB =
  /\b(?:use|using|go with|choose|chose|pick|picked|switch(?:ed)? to|stick with|keep|move to)\b/i;
const REASON_CLAUSE = /[,;]?\s*\b(?:because|since|so that|due to)\b\s*/i;
const REASON_SENTENCE = /^(?:because|the reason is|reason:|that's because|this is because)\s*/i;
const PREFERENCE_CUE =
  /(?:^|\W)(?:i (?:really )?prefer|i'?d (?:prefer|rather)|i would (?:prefer|rather)|i (?:don't|do not) (?:like|want)|i want you to|please (?:don't|do not|never|always|avoid)|don't ever|from now on|going forward)(?=\W|$)|^(?:always|never|you should (?:always|never))\b/i;
/** "I love …" is a preference for the keeper only when it is about the agent or its work. */
const LIKING_CUE = /(?:^|\W)i (?:really )?(?:like|love|hate|dislike)(?=\W|$)/i;
const ABOUT_THE_AGENT =
  /\b(?:you|your|answers?|repl(?:y|ies)|responses?|format(?:ting)?|style|code|explanations?|summar(?:y|ies)|messages?|emojis?)\b/i;
/** A choice with a reason counts as a decision when it is shared ("we use X because …"). */
const SHARED_CHOICE = /\b(?:we|we'?ll|we'?re|let'?s|let us|our)\b/i;
const CONTEXT_CUE =
  /(?:^|\W)(?:remember that|remember:|note that|note:|keep in mind|fyi|for context|important:|just so you know|heads up|for the record)(?=\W|$)/i;
const NEXT_STEP_CUE =
  /\b(?:next|i'll|i will|i'm going to|i am going to|let me|then i|the plan is|still to do|todo)\b/i;

/** Sentences of a message: split after . ! ? and at line breaks; list markers dropped. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter((sentence) => sentence.length > 0);
}

function trimPunctuation(text: string): string {
  return text.replace(/^[\s,;:–—-]+|[\s,;:.!–—-]+$/g, "");
}

/** A decision sentence split into what was decided and why (the reason may be the next one). */
function toDecision(sentence: string, following: string | undefined) {
  const clause = sentence.match(REASON_CLAUSE);
  if (clause?.index !== undefined && clause.index > 0) {
    const reason = trimPunctuation(sentence.slice(clause.index + clause[0].length));
    return {
      text: cleanLine(trimPunctuation(sentence.slice(0, clause.index)), TEXT_LIMITS.text),
      reason: reason ? cleanLine(reason, TEXT_LIMITS.reason) : null,
    };
  }
  const next = following?.match(REASON_SENTENCE) ? following.replace(REASON_SENTENCE, "") : "";
  return {
    text: cleanLine(trimPunctuation(sentence), TEXT_LIMITS.text),
    reason: next ? cleanLine(trimPunctuation(next), TEXT_LIMITS.reason) : null,
  };
}

function isDecision(sentence: string): boolean {
  // A question ("can you write down what we agreed?") states no decision.
  if (sentence.trimEnd().endsWith("?")) return false;
  return (
    DECISION_CUE.test(sentence) ||
    (/\bbecause\b/i.test(sentence) && CHOICE_VERB.test(sentence) && SHARED_CHOICE.test(sentence))
  );
}

function isPreference(sentence: string): boolean {
  return (
    PREFERENCE_CUE.test(sentence) || (LIKING_CUE.test(sentence) && ABOUT_THE_AGENT.test(sentence))
  );
}

/**
 * Cue-phrase items of one message (preferences and context come from the user only). Returns
 * the sentences that were no item: for a user message, what the user asked for.
 */
function cueItems(message: SessionMessage, observation: ExchangeObservation): string[] {
  const sentences = sentencesOf(message.content ?? "");
  const fromUser = message.role === "user";
  return sentences.filter((sentence, index) => {
    if (fromUser && isPreference(sentence) && sentence.split(" ").length >= 3) {
      const text = cleanLine(trimPunctuation(sentence), TEXT_LIMITS.text);
      observation.preferences.push({ text, replaces: null });
    } else if (isDecision(sentence)) {
      observation.decisions.push(toDecision(sentence, sentences[index + 1]));
    } else if (fromUser && CONTEXT_CUE.test(sentence)) {
      observation.context.push(cleanLine(trimPunctuation(sentence), TEXT_LIMITS.text));
    } else return true;
    return false;
  });
}

/** The request in what is left of a user message: sentences of three words or more (no "Hi!"). */
function requestOf(rest: readonly string[]): string | null {
  const asked = rest.filter((sentence) => sentence.split(/\s+/).length >= 3).join(" ");
  return cleanLine(asked, TEXT_LIMITS.text) || null;
}

/** The next step the agent announced last in the exchange, if any. */
function nextStep(messages: readonly SessionMessage[]): string | null {
  for (const message of [...messages].reverse()) {
    if (message.role !== "assistant" || !message.content) continue;
    const step = sentencesOf(message.content)
      .filter((sentence) => NEXT_STEP_CUE.test(sentence))
      .at(-1);
    if (step) return cleanLine(step, TEXT_LIMITS.text);
  }
  return null;
}

/** The day of an ISO timestamp (a zero date when it is not one, so the line still parses). */
function dayOf(ts: string | undefined): string {
  const day = ts?.slice(0, 10) ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : "0000-00-00";
}

/**
 * What the rules see in one exchange. `messages` starts with a user message, or is the rest of a
 * turn whose user message an earlier update already read. Never throws.
 */
export function observeExchange(messages: readonly SessionMessage[]): ExchangeObservation {
  const first = messages[0];
  const observation: ExchangeObservation = {
    seq: first?.seq ?? 0,
    date: dayOf(first?.ts),
    request: null,
    nextStep: nextStep(messages),
    decisions: [],
    files: filesWrittenBy(messages),
    context: [],
    preferences: [],
    text: messages
      .filter((message) => message.role !== "tool")
      .map((message) => message.content ?? "")
      .join("\n"),
  };
  for (const message of messages) {
    if (message.role === "tool") continue;
    const rest = cueItems(message, observation);
    if (message.role === "user") observation.request ??= requestOf(rest);
  }
  return observation;
}
