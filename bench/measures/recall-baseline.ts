// BM25 over single messages (bench/longmemeval/bm25.ts, the yardstick a user would write) on the
// planted-fact history, asked the same questions as recall in the same run. Built only up to
// BASELINE_MAX_MESSAGES: its in-memory index of a 100k history (240 MB of text) would dominate
// the size's peak RSS, which the bench reports.

import { messageText } from "../../src/memory/index.js";
import type { AgentStore } from "../../src/store/index.js";
import { buildBm25 } from "../longmemeval/bm25.js";
import type { RankedRange } from "./recall-modes.js";

const BASELINE_MAX_MESSAGES = 30_000;
const PAGE = 2_000;

export interface Baseline {
  search(query: string, k: number): RankedRange[];
}

/** Every message of the active session, in seq order, a page at a time. */
function* sessionTexts(store: AgentStore, session: string, seqs: number[]): Generator<string> {
  const end = store.messages.nextSeq(session);
  for (let from = 0; from < end; from += PAGE) {
    for (const message of store.messages.range(session, from, from + PAGE)) {
      seqs.push(message.seq);
      yield `${message.role}: ${messageText(message)}`;
    }
  }
}

/** The baseline over the store's active session, or null above BASELINE_MAX_MESSAGES. */
export function buildBaseline(store: AgentStore): Baseline | null {
  const session = store.sessionLog.sessionId;
  if (store.messages.nextSeq(session) > BASELINE_MAX_MESSAGES) return null;
  const seqs: number[] = [];
  const index = buildBm25(sessionTexts(store, session, seqs));
  return {
    search: (query, k) =>
      index.search(query, k).map((at) => {
        const seq = seqs[at] ?? -1;
        return { session, seqStart: seq, seqEnd: seq + 1 };
      }),
  };
}
