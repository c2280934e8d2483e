// Recall by meaning over the newest messages: each message's meaning vector (meaning-vector.ts:
// SIF-weighted GloVe, shipped with kern) kept in memory for the newest `size` messages that are
// not tool outputs, with their common component removed (common-component.ts: what every message
// of this history shares, found on the history itself, as SIF does), and the question's nearest
// by cosine. Unlike the `local` leg's re-ordering of the lexical candidates, it finds messages
// that share no word with the question ("I'll skip dessert tonight" → "my doctor says my sugar is
// too high"). Built on first use, then kept current by reading only the messages added since;
// the cost of a search is bounded by `size`, not by the history. Reads messages by id through the
// store's public reads only.
// docs/decisions/0004-recall-ranking.md, round 19.
import { type AgentStore, searchTerms } from "../../store/index.js";
import { firstComponent } from "../embeddings/common-component.js";
import { meaningVector } from "../embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../embeddings/word-vectors.js";
import { messageText } from "../text/message-text.js";
import { type CentredVectors, centred, crowding } from "./meaning-hubness.js";

/** Characters of each message read for its meaning (meaning-vector.ts reads its first 1,000). */
const HEAD = 1_000;
/** Ids read a batch. */
const BATCH = 2_000;
/** With hubness, the nearest this many times k are re-ordered (bounds the crowding computed). */
const HUB_POOL = 2;
/** The common direction is found again once the index has grown by this share. */
const REFIT = 0.1;

export class MeaningIndex {
  private ids: number[] = [];
  private vectors: Float32Array[] = [];
  /** Who said each message: the words of its speaker's name and user, as the index reads them. */
  private said: string[][] = [];
  private readUpTo = 0;
  private common: Float32Array | null = null;
  private fittedAt = 0;
  /** The vectors as cosines against each other need them, for the ids they were built on. */
  private centred: { set: CentredVectors; first: number; length: number } | null = null;
  /** Each message's crowding (meaning-hubness.ts), by id, until the common direction is refitted. */
  private crowd = new Map<number, number>();

  constructor(
    private readonly store: AgentStore,
    private readonly size: number,
    private readonly table: WordVectors = shippedWordVectors(),
  ) {}

  /**
   * Reads the messages added since the last look (at most the newest `size`): those the embedding
   * job has passed (its cursor), which in a running daemon trails the log by a batch at most.
   */
  refresh(): void {
    const last = this.store.vectors.cursor();
    if (last <= this.readUpTo) return;
    const from = Math.max(this.readUpTo + 1, last - this.size * 2 + 1);
    for (let start = from; start <= last; start += BATCH) {
      const ids = Array.from({ length: Math.min(BATCH, last - start + 1) }, (_, i) => start + i);
      const heads = this.store.messages.headsByIds(ids, HEAD).sort((a, b) => a.id - b.id);
      for (const message of heads) {
        if (message.role === "tool") continue;
        const vector = meaningVector(messageText(message), this.table);
        if (!vector.some((value) => value !== 0)) continue;
        this.ids.push(message.id);
        this.vectors.push(vector);
        this.said.push(searchTerms(`${message.meta?.name ?? ""} ${message.meta?.user ?? ""}`));
      }
    }
    this.readUpTo = last;
    if (this.ids.length > this.size) {
      const drop = this.ids.length - this.size;
      for (const id of this.ids.slice(0, drop)) this.crowd.delete(id);
      this.ids = this.ids.slice(drop);
      this.vectors = this.vectors.slice(drop);
      this.said = this.said.slice(drop);
    }
    if (this.ids.length > this.fittedAt * (1 + REFIT)) {
      this.common = firstComponent(this.vectors);
      this.fittedAt = this.ids.length;
      this.crowd.clear();
    }
  }

  /**
   * The `k` messages nearest to `text` in meaning (ids, best first); none when it has none. With
   * `saidBy`, only messages whose envelope holds one of those words (a speaker's name). With
   * `hubness`, the nearest `HUB_POOL` × k are re-ordered by CSLS (meaning-hubness.ts).
   */
  nearest(text: string, k: number, saidBy?: ReadonlySet<string>, hubness = false): number[] {
    this.refresh();
    const query = meaningVector(text, this.table);
    if (!query.some((value) => value !== 0) || this.ids.length === 0) return [];
    const u = this.common;
    const qu = u ? dot(query, u) : 0;
    const qNorm = Math.sqrt(Math.max(1e-12, 1 - qu * qu));
    const scored: Array<{ id: number; score: number; at: number }> = [];
    for (let i = 0; i < this.vectors.length; i += 1) {
      if (saidBy && !this.said[i]?.some((word) => saidBy.has(word))) continue;
      const vector = this.vectors[i] as Float32Array;
      // cos(q - (q·u)u, m - (m·u)u), both unit before: the common direction taken out.
      const mu = u ? dot(vector, u) : 0;
      const norm = Math.sqrt(Math.max(1e-12, 1 - mu * mu));
      scored.push({
        id: this.ids[i] as number,
        score: (dot(query, vector) - qu * mu) / (qNorm * norm),
        at: i,
      });
    }
    const byScore = (a: { score: number; id: number }, b: { score: number; id: number }) =>
      b.score - a.score || a.id - b.id;
    const best = scored.sort(byScore).slice(0, hubness ? k * HUB_POOL : k);
    if (!hubness) return best.map((entry) => entry.id);
    const set = this.centredSet();
    return best
      .map((entry) => ({ ...entry, score: 2 * entry.score - this.crowdingOf(set, entry) }))
      .sort(byScore)
      .slice(0, k)
      .map((entry) => entry.id);
  }

  private crowdingOf(set: CentredVectors, entry: { id: number; at: number }): number {
    let r = this.crowd.get(entry.id);
    if (r === undefined) {
      r = crowding(set, entry.at);
      this.crowd.set(entry.id, r);
    }
    return r;
  }

  /** The vectors with the common direction out, rebuilt when the ids moved. */
  private centredSet(): CentredVectors {
    const first = this.ids[0] ?? 0;
    const length = this.ids.length;
    const cached = this.centred;
    if (cached && cached.first === first && cached.length === length) return cached.set;
    const set = centred(this.vectors, this.common);
    this.centred = { set, first, length };
    return set;
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

const INDEXES = new WeakMap<AgentStore, MeaningIndex>();

/** The store's meaning index (one per store, kept while the store is). */
export function meaningIndexOf(store: AgentStore, size: number): MeaningIndex {
  let index = INDEXES.get(store);
  if (!index) {
    index = new MeaningIndex(store, size);
    INDEXES.set(store, index);
  }
  return index;
}
