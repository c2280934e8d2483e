// The knobs of recall's ranking in one object, passed to recall as an option (`tuning`) so the
// benchmark can vary them (bench/recall/variants.ts) without a global; the values here are the
// defaults, frozen. docs/decisions/0004-recall-ranking.md
import { DEFAULT_FIELD_WEIGHTS } from "../../store/index.js";
import { RRF_K } from "./recall-fusion.js";

/** Knobs of the ranking, measured on the recall yardsticks (npm run bench:recall); ADR 0004. */
const DEFAULTS = {
  /** FTS hits taken before re-ranking (LongMemEval: 50 0.830/0.911, 100 0.837/0.915, 200 0.840/0.915 at @5/@10; p95 at 100k 22, 29, 37 ms). */
  ftsCandidates: 100,
  /**
   * Knowledge that changed: among hits, the newest gains up to this much (linear in insertion
   * order), so when two messages state a value the later one ranks first.
   */
  recency: 0.05,
  /**
   * Whether the `local` vector leg runs on a question asking for a time ("when", "what day",
   * "which year"): its answer is a date, which no bag of the question's words holds, so the leg can
   * only re-order by the subject's words, and its cosine favours short messages that repeat the
   * subject ("any news on the event streaming brokers?") over the statement that gives the date.
   * Round 18 (ADR 0004): off, ops reworded @5 / @10 0.234 / 0.251 -> 0.251 / 0.269, ops question
   * @5 0.988 -> 0.994, nothing else moves.
   */
  vectorsOnWhen: false,
  /**
   * A hit widens an earlier result of its turn only when it ranks within this many times `k`
   * itself (the report reads 4k candidates). A deeper hit that widened took a place in the k
   * messages shown ahead of better hits. Round 18 (ADR 0004): 4 -> 1, LongMemEval @5 / @10
   * 0.872 / 0.929 -> 0.876 / 0.933, ops keyword @5 0.976 -> 0.982, LoCoMo 0.704 / 0.814 ->
   * 0.706 / 0.810; 2 the same as 4.
   */
  widenWithin: 1,
  /**
   * Among hits naming every query term, the newest first (latest-first.ts), unless the question
   * asks for an earlier state ("before I changed it": LongMemEval final 0.865 / 0.926 -> 0.869 /
   * 0.929 with that exception).
   */
  latestFirst: true,
  /**
   * The newest-first rule leaves out the words that ask for "now" (current, latest, now, still,
   * today: latest-first.ts) when it decides which candidates state the subject: no statement says
   * "the current timeout". Round 15 (ADR 0004): ops question @5 0.976 -> 0.988 (all of ops-dev
   * 0.976 -> 0.982), nothing else moves.
   */
  nowWords: true,
  /**
   * Weight of the vector leg in rank fusion, per kind of embedder. The `local` leg re-orders FTS
   * candidates half by hashed words, half by meaning: on LongMemEval fused @5 0.830 at 0.1
   * (words only), 0.862 at 0.6, 0.869 at 0.8 and 1; it can add no hit FTS did not find.
   */
  lexicalVectorWeight: 0.8,
  /**
   * The lexical leg also searches the synonyms of question words no message uses
   * (synonym-expansion.ts). Planted reworded R@5 at 20k 0.104 -> 0.167, at 100k 0.033 -> 0.080;
   * LongMemEval FTS alone @10 0.926 -> 0.929, final 0.929 -> 0.933; keyword questions unchanged.
   */
  synonyms: true,
  /**
   * Share of meaning (GloVe word vectors, vector-rerank.ts) in the lexical embedder's leg: a
   * candidate's similarity is (1 - meaning) × hashed cosine + meaning × meaning cosine.
   */
  meaning: 0.5,
  /** The candidates' common direction taken out of their meaning vectors (common-component.ts). */
  commonComponent: false,
  semanticVectorWeight: 1,
  /** BM25 weight of each field of a message (message-repo.ts, FieldWeights). */
  fields: { ...DEFAULT_FIELD_WEIGHTS },
  /**
   * A capitalised question word that is a speaker's name matches who spoke, not the messages
   * that address them.
   */
  speakerNames: true,
  /**
   * With the `local` embedder, a question that names a speaker skips the vector leg: the leg
   * reads the name as a word (its cosine favours short replies that address the person), while
   * the backbone matches it to who spoke (ADR 0004, round 6).
   */
  vectorsWhenSpeakerNamed: false,
  /**
   * A result widens by a second hit of its turn next to it. With the context field its
   * neighbours match more often; measured on and off (ops-dev sampled every 2nd question):
   * LoCoMo final @5 / @10 0.690 / 0.790 on, 0.619 / 0.653 off; ops keyword 0.910 / 0.958 on,
   * 0.916 / 0.958 off; question 0.868 / 0.946 on, 0.874 / 0.946 off (ADR 0004, round 6).
   */
  widen: true,
  /**
   * A hit widens only the result shown last, so it is shown where it ranks, never ahead of a
   * better hit (round 22). A hit next to an earlier result is then dropped (`drop`) or a result
   * of its own (`own`); `off`: any result of its turn next to it widens.
   */
  widenInPlace: "off" as "off" | "drop" | "own" | "drop-after" | "own-after",
  /**
   * The lexical leg also searches the words that answer the question's question word ("why":
   * "because"; answer-cues.ts). Round 15 (ADR 0004): ops question @5 / @10 0.892 / 0.970 ->
   * 0.970 / 1.000 (every 2nd question; all of ops-dev 0.898 / 0.952 -> 0.973 / 0.997), nothing
   * else moves (LoCoMo has 25 "why" questions).
   */
  answerCues: true,
  /**
   * A question naming a calendar day ("on October 13, 2023") also ranks the lexical hits of that
   * day and the next (question-dates.ts) as a leg of its own, fused at `weight`; 0 turns it off.
   * Round 15 (ADR 0004): LoCoMo @5 / @10 0.684 / 0.794 -> 0.706 / 0.808 (30 of its 454
   * questions name a day; 15 of them were missed at @5), nothing else moves; weights 1 and 2 and
   * the day alone (daysAfter 0) within a point of it.
   */
  dated: { weight: 0.5, daysAfter: 1, months: false, relative: false },
  /**
   * Pseudo-relevance feedback (feedback-terms.ts): the `terms` words the lexical leg's first
   * `docs` hits share that the question lacks, searched as a leg fused at `weight`; 0 turns it off.
   */
  feedback: { weight: 0, docs: 5, terms: 8 },
  /**
   * The meaning leg (meaning-index.ts): the `k` of the newest `size` messages nearest the
   * question in meaning (SIF with the history's common component removed), fused at `weight`;
   * 0 turns it off. `byMissing` scales it by the share of the question's words the best lexical
   * hit lacks (round 20). (Round 22 measured its weight from the search's own standout and from
   * how far the lexical first hits rank down it: no signal, removed; ADR 0004.) On since round 26
   * (ADR 0004), with every part below: against the leg off +0.5 +2.3 +0.1 +3.1 +2.5 +4.5 points
   * (LongMemEval, LoCoMo, ops, REALTALK, BEAM, LoCoMo-Plus), and weight 1 chosen on any five of
   * the six gains on the sixth.
   */
  meaningLeg: {
    weight: 1,
    size: 20_000,
    k: 50,
    byMissing: true,
    /**
     * 1 or more: the leg takes at most every `keepPlaces`-th place from the others; `missing`:
     * as many places as the words miss (recall-side-legs.ts, meaningStride; round 22);
     * `plus-missing`: a stride of 1 + the share they miss, at most every other place (round 25);
     * 0: no bound.
     */
    keepPlaces: "plus-missing" as number | "missing" | "plus-missing",
    /**
     * When the question names a speaker: the leg searches the meaning of the question's other
     * words among that speaker's messages, instead of staying out (round 24).
     */
    whoSaid: true,
    /**
     * The leg's nearest re-ordered by CSLS (meaning-hubness.ts): a message near many others (a
     * template, chatter said again and again) pays its crowding (round 26). Without it the same
     * leg loses ops 0.2 points and fails leave-one-out there.
     */
    hubness: true,
    /** With hubness, the nearest this many times `k` are re-ordered (meaning-index.ts). */
    hubPool: 2,
  },
  /**
   * The memory tree as document expansion (segment-expansion.ts, round 23): a lexical hit's score
   * times 1 + `weight` × the share of the question's words its L0 segment's summary adds to those
   * it holds; 0 turns it off (nothing is read). `apart`: only when no hit holds the question's
   * words together (the best hit holds less than `nearby.belowCoverage` of them). Round 23 (ADR
   * 0004), the product's default segments: 0.25 / 0.5 / 1 sum −1.2 / −1.3 / −6.3 points, with
   * `apart` 0.5 / 1 / 2 −1.3 / −4.3 / −8.3; neither passes the rule.
   */
  segmentWords: { weight: 0, apart: false },
  /**
   * A capitalised question word that names no speaker but that the history uses to address one
   * ("Hey Kate!") is read as that speaker's name (speaker-aliases.ts).
   */
  speakerAliases: false,
  /**
   * One result per turn: a hit of a turn already shown, not next to its result, adds nothing.
   * Off, it is a result of its own.
   */
  oneResultPerTurn: true,
  /**
   * With one result per turn, the unit a result stands for: `turn` (from a user message to the
   * next) or `run` (one speaker's consecutive messages: in texting a person sends several in a
   * row, and the run's later message ranking first hid the earlier one that held the answer;
   * ADR 0004 round 21). In a user-assistant history a turn holds two runs. Round 21: REALTALK
   * @5 0.573 -> 0.584 (@10 the same), LongMemEval @5 0.879 -> 0.883, BEAM @5 0.587 -> 0.559.
   */
  resultUnit: "turn" as "turn" | "run",
  /**
   * With one result per turn, how many results one turn (or run) may hold: a hit of it not next
   * to one of them is a result of its own until it holds this many. Round 21: 2 (or 3), REALTALK
   * @10 0.704 -> 0.707, nothing else moves: the collapse also makes room for deeper hits.
   */
  turnResults: 1,
  /**
   * Coverage (term-coverage.ts): a hit's score is multiplied by `1 - coverage + coverage × the
   * share of the question's words it holds` (questions of two words or more; a speaker's name is
   * matched to who spoke, not counted). Length normalisation alone lets short echoes of one word
   * outrank the long message holding them all. Round 7 (ops-dev every 2nd question): ops keyword
   * @5 0.910 -> 0.928, question 0.868 -> 0.892, LoCoMo 0.690 -> 0.677 alone; 1 cost LoCoMo 4.6
   * points and was not kept.
   */
  coverage: 0.5,
  /**
   * A short message that is itself a question (< 200 characters ending in "?": it asks, it does
   * not tell) keeps this share of its score; 1 turns it off. Round 7: ops keyword @5 0.910 ->
   * 0.946 alone, LoCoMo unchanged.
   */
  echo: 0.5,
  /** An echo must ask in every sentence (term-coverage.ts): a message that tells, then asks, is not one. */
  echoOnlyAsking: false,
  /**
   * Candidates the `local` vector leg keeps (of the FTS leg's `ftsCandidates`), best first. All
   * 100 was measured in round 8 (ADR 0004): nothing moves but ops reworded (+0.6 at @5).
   */
  vectorKeep: 50,
  /** The constant k of reciprocal rank fusion (recall-fusion.ts); round 8 measured 10 and 30. */
  rrfK: RRF_K,
  /** A short keyword query's exact phrase first (phrase-first.ts). */
  phraseFirst: true,
  /**
   * The `local` vector leg abstains when the lexical leg's best hit holds less than this share of
   * the question's words (questions of two words or more; 0: never): the question's words are then
   * mostly not the history's, and a hashed bag of them re-orders the backbone's hits by noise.
   * Round 13 (ADR 0004), ops-dev every 2nd question: reworded @5 / @10 0.006 / 0.030 -> 0.030 /
   * 0.060 (all of ops-dev: 0.030 / 0.048 -> 0.060 / 0.087), LoCoMo 0.681 / 0.792 -> 0.684 / 0.794,
   * LongMemEval 0.887 / 0.926 -> 0.879 / 0.929, ops keyword and question unchanged; 0.45 and 0.5
   * cost LongMemEval 2.2 points at @5.
   */
  vectorMinCoverage: 0.34,
  /**
   * The `local` vector leg abstains when the lexical leg's best hit holds this share of the
   * question's words or more (1: all of them): its hashed bag of the same words can then only
   * re-order by length. Round 15 (ADR 0004): ops keyword @5 / @10 0.964 / 0.988 -> 0.976 /
   * 1.000, question 0.970 -> 0.976, nothing else moves; 0.75 cost LongMemEval 0.3 points.
   */
  vectorMaxCoverage: 1,
  /**
   * Question words a hit lacks that are clustered around it (held by `least` or more of the
   * `before` messages before it and `after` after it, `burst` times denser there than in the whole
   * history) add `weight` × their idf (nearby-words.ts), when the best hit holds less than
   * `belowCoverage` of the question's words; the `local` vector leg abstains when one of the
   * backbone's first `abstainWithin` hits gained (`vectorsAbstain`): the leg compares a hit's own
   * text, which lacks those words. Round 18: the window 30 / 8 -> 20 / 5 (with `vectorsOnWhen`
   * off): ops reworded @5 / @10 0.251 / 0.269 -> 0.263 / 0.281, LoCoMo @10 0.808 -> 0.814,
   * LongMemEval @5 0.879 -> 0.872; then `abstainWithin` 5 -> 3: LongMemEval @10 0.933 -> 0.936,
   * nothing else moves. Round 17: `abstainWithin` 1 -> 5, ops reworded @5 / @10 0.228 /
   * 0.240 -> 0.234 / 0.251, nothing else moves (3 the same as 1, 10 as 5); weight 0 turns the
   * rule off. Round 15 (ADR 0004), ops-dev every
   * 2nd question: reworded @5 / @10 0.030 / 0.060 -> 0.228 / 0.240, nothing else moves (in
   * histories of a few hundred messages no word can cluster 20 times); 100k p95 +5 ms, +2 ms
   * with `densest` 0.5 (a word that would have to fill over half a window is not read: the same
   * figures on all of ops-dev).
   */
  nearby: {
    weight: 0.6,
    before: 20,
    after: 5,
    least: 2,
    burst: 20,
    densest: 0.5,
    belowCoverage: 0.7,
    vectorsAbstain: true,
    abstainWithin: 3,
  },
  /** Who said it (speaker-prior.ts). */
  speaker: {
    /**
     * A tool output's share of its score: planted facts at 20k, keyword R@5 0.927 at 1, 0.948 at
     * 0.7, 0.5 and 0.3 (LongMemEval has no tool outputs). Halved, an output that alone holds the
     * words still ranks.
     */
    toolOutput: 0.5,
    /**
     * A user message's weight when the question is in the first person. LongMemEval final @5 /
     * @10: 0.855 / 0.911 at 1, 0.862 / 0.926 at 1.2, 0.858 / 0.922 at 1.25, 0.848 / 0.908 at
     * 1.5. Applied to every question it cost the planted facts (stated mostly by the assistant,
     * asked without a pronoun): keyword R@5 0.958 -> 0.938; asked only in the first person,
     * nothing. Not for a question about what the answerer said: final @5 0.862 -> 0.865.
     */
    firstPersonUser: 1.2,
  },
};

/** The ranking's knobs (recall's `tuning` option). */
export type RecallTuning = typeof DEFAULTS;

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === "object") deepFreeze(inner);
  }
  return Object.freeze(value);
}

/** The defaults, frozen: a variant is a copy (`{ ...DEFAULT_RECALL_TUNING, coverage: 0 }`). */
export const DEFAULT_RECALL_TUNING: Readonly<RecallTuning> = deepFreeze(DEFAULTS);
