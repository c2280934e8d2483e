// The shapes recall works with: what a caller asks (the query, its filters and tuning), what it
// reads from (the store, the embedder, the shipped tables), and the lexical leg every other leg
// looks at. Types only.
import type { Role } from "../../kernel/index.js";
import type { AgentStore, IndexedMessage } from "../../store/index.js";
import type { Embedder } from "../embeddings/embedder.js";
import type { WordVectors } from "../embeddings/word-vectors.js";
import type { MeaningSource } from "./meaning-index.js";
import type { RecallAssist } from "./recall-assist.js";
import type { RecallTuning } from "./recall-tuning.js";
import type { RoleWeight } from "./speaker-prior.js";
import type { Synonyms } from "./synonym-expansion.js";

export interface RecallFilters {
  /** ISO timestamps: messages at or after `after`, before `before`. */
  after?: string;
  before?: string;
  role?: Role;
  session?: string;
}

export interface RecallOptions {
  query: string;
  k: number;
  filters?: RecallFilters;
  /** The ranking's knobs (default: DEFAULT_RECALL_TUNING); the benchmark varies them. */
  tuning?: RecallTuning;
  /** When the question is asked (ISO): relative times in it ("yesterday") are read against it. */
  now?: string;
}

export interface RecallDependencies {
  store: AgentStore;
  embedder: Embedder;
  /** Word vectors for meaning (default: the table shipped with kern, read on first use). */
  wordVectors?: WordVectors;
  /** The meaning leg's vectors (default: averaged word vectors, meaning-index.ts wordMeaning). */
  meaning?: MeaningSource;
  /** Synonyms for unused question words (default: the table shipped with kern). */
  synonyms?: Synonyms;
  /** The chat model's help with this search (config recallAssist); absent = none. */
  assist?: RecallAssist;
}

/** The lexical leg of one search, which the other legs read. */
export interface LexicalLeg {
  fts: readonly number[];
  heads: readonly IndexedMessage[];
  terms: readonly string[];
  roleWeight: RoleWeight;
  speakers: ReadonlySet<string>;
  /** Hits that gained from words around them (nearby-words.ts). */
  lifted: ReadonlySet<number>;
  /** The question asks for a time ("when", "what day"): its answer is a date. */
  asksWhen: boolean;
}
