// Public shapes of the conversation generator: the import format of SPEC §3 and the ground truth
// the benchmarks score against. Pure types, no I/O.

/** One tool call of an assistant message, in the OpenAI chat shape. */
export interface ImportToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** One message of the import format (SPEC §3): an OpenAI chat message plus `ts` and `id`. */
export interface ImportMessage {
  role: "user" | "assistant" | "tool";
  content: string | null;
  name?: string;
  ts: string;
  id: string;
  tool_calls?: ImportToolCall[];
  tool_call_id?: string;
}

export type FactKind =
  | "identifier"
  | "decision"
  | "updated-value"
  | "dated-event"
  | "two-hop"
  | "negative";

/** A fact planted in the conversation (or, for `negative`, deliberately never planted). */
export interface GroundTruthFact {
  id: string;
  kind: FactKind;
  /** The subject the fact is about, e.g. "staging API key id". */
  key: string;
  /** Message index where the (latest) answer is stated; -1 for negatives. */
  seq: number;
  /** Every message index involved, ascending (both hops, every version). */
  seqs: number[];
  /** Keyword query using the exact words of the statement's key. */
  question: string;
  /** A paraphrase sharing few exact words with the statement. */
  rewordedQuestion: string;
  /** Exact string that must appear in a message or summary for the fact to count as found. */
  answer: string;
  /** Older values of an updated fact, oldest first; each is stated before `seq`. */
  staleAnswers?: string[];
}

export interface TopicTruth {
  id: string;
  name: string;
  keywords: string[];
}

/** A run of messages on one topic, `[seqStart, seqEnd)`. */
export interface TopicBlock {
  topicId: string;
  seqStart: number;
  seqEnd: number;
}

export interface GroundTruth {
  seed: number;
  messageCount: number;
  topics: TopicTruth[];
  /** Seq of the first message of each topic block; always a user message. */
  topicBoundaries: number[];
  blocks: TopicBlock[];
  facts: GroundTruthFact[];
}

export interface GeneratedConversation {
  messages: ImportMessage[];
  truth: GroundTruth;
}

export interface GenerateConversationOptions {
  seed: number;
  /** Exact number of messages to produce. */
  messages: number;
  /** Inclusive size range of every tool result, in characters. Default [2000, 20000]. */
  toolOutputChars?: [number, number];
  /** ISO timestamp of the first message. Default 2026-03-02T07:30:00.000Z. */
  startTs?: string;
  /** How many distinct topics to use (at most the catalogue size). Default: all of them. */
  topicCount?: number;
  /** Called about every 1,000 messages and once at the end (the CLI prints it to stderr). */
  onProgress?: (done: number, total: number) => void;
}
