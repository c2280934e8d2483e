// Who said it matters to what a question asks. A tool output repeats its topic's words without
// stating anything about them, so it weighs less; a question in the first person ("what did I
// order", "my gym") asks about what the user said, so the user's own messages weigh more, unless
// it asks what the answerer said ("you recommended", "our previous chat"). The weights multiply
// a candidate's score in both legs (their values: recall-tuning.ts, `speaker`). Pure.
// docs/decisions/0004-recall-ranking.md
import type { Role } from "../../kernel/index.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";

const FIRST_PERSON = /(?:^|[^\p{L}'])(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)(?![\p{L}'])/iu;

/** True when the question speaks of its asker ("I", "me", "my"…). */
export function asksAboutAsker(query: string): boolean {
  return FIRST_PERSON.test(query);
}

/** What the answerer did, in the past ("you recommended") and after "did you" ("did you say"). */
const SAID =
  "recommended|mentioned|said|told|suggested|provided|gave|created|made|listed|shared|wrote|showed|explained|described|remembered|proposed|offered|named|used|came up with";
const SAY = "say|tell|recommend|mention|suggest|give|provide|call|name|list";
const ANSWERER = new RegExp(
  `(?:^|[^\\p{L}'])you\\s+(?:\\p{L}+\\s+)?(?:${SAID})(?![\\p{L}'])|did\\s+you\\s+(?:${SAY})(?![\\p{L}'])`,
  "iu",
);
const PREVIOUS_CHAT =
  /(?:our|the)\s+(?:previous|last|earlier)\s+(?:conversation|chat|discussion)/iu;

/** True when the question asks what the one answering said ("you recommended", "you told me"). */
export function asksAboutAnswerer(query: string): boolean {
  return ANSWERER.test(query) || PREVIOUS_CHAT.test(query);
}

export type RoleWeight = (role: Role | string | undefined) => number;

/** How much a message of each role weighs for this question. */
export function speakerWeights(
  query: string,
  tuning: RecallTuning["speaker"] = DEFAULT_RECALL_TUNING.speaker,
): RoleWeight {
  const user = asksAboutAsker(query) && !asksAboutAnswerer(query) ? tuning.firstPersonUser : 1;
  return (role) => (role === "tool" ? tuning.toolOutput : role === "user" ? user : 1);
}
