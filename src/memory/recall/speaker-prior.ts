// Who said it matters to what a question asks. A tool output repeats its topic's words without
// stating anything about them, so it weighs less; a question in the first person ("what did I
// order", "my gym") asks about what the user said, so the user's own messages weigh more, unless
// it asks what the answerer said ("you recommended", "our previous chat"). The weights multiply
// a candidate's score in both legs. Pure. docs/decisions/0004-recall-ranking.md
import type { Role } from "../../kernel/index.js";

export const SPEAKER_TUNING = {
  /**
   * A tool output's share of its score: planted facts at 20k, keyword R@5 0.927 at 1, 0.948 at
   * 0.7, 0.5 and 0.3 (LongMemEval has no tool outputs). Halved, an output that alone holds the
   * words still ranks.
   */
  toolOutput: 0.5,
  /**
   * A user message's weight when the question is in the first person. LongMemEval final @5 /
   * @10: 0.855 / 0.911 at 1, 0.862 / 0.926 at 1.2, 0.858 / 0.922 at 1.25, 0.848 / 0.908 at 1.5.
   * Applied to every question it cost the planted facts (stated mostly by the assistant, asked
   * without a pronoun): keyword R@5 0.958 -> 0.938; asked only in the first person, nothing.
   * Not for a question about what the answerer said (LongMemEval's single-session-assistant
   * questions are all in the first person too): final @5 0.862 -> 0.865, vectors alone 0.791 ->
   * 0.840; the assistant weighed up instead (1.2, 1.5) traded @10 for @5 and was not kept.
   */
  firstPersonUser: 1.2,
};

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
export function speakerWeights(query: string): RoleWeight {
  const user =
    asksAboutAsker(query) && !asksAboutAnswerer(query) ? SPEAKER_TUNING.firstPersonUser : 1;
  return (role) => (role === "tool" ? SPEAKER_TUNING.toolOutput : role === "user" ? user : 1);
}
