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
import { isLexicalEmbedder } from "../embeddings/embedder.js";
import { meaningVector } from "../embeddings/meaning-vector.js";
import { shippedWordVectors, type WordVectors } from "../embeddings/word-vectors.js";
import { messageText } from "../text/message-text.js";
import {
  appendCentred,
  type CentredVectors,
  centred,
  crowdings,
  dropFirst,
  nearestRows,
  type ScoredRow,
  writeCentred,
} from "./meaning-hubness.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";

/** Characters of each message read for its meaning (meaning-vector.ts reads its first 1,000). */
const HEAD = 1_000;
/** Ids read a batch. */
const BATCH = 2_000;
/** With hubness, the nearest this many times k are re-ordered (bounds the crowding computed). */
const HUB_POOL = 2;
/** The common direction is found again once the index has grown by this share. */
const REFIT = 0.1;
/** Rows whose crowding a warm step works out (about 20 ms at 20,000 rows, meaning-hubness.ts). */
const CROWD_STEP = 32;

/**
 * Where the index's vectors come from: a text's (a message's first 1,000 characters, or a
 * question) unit vector, all zeros when it has none. The shipped word vectors by default; the
 * bench measures a sentence encoder through it (ADR 0004, round 28).
 */
export interface MeaningSource {
  ofText(text: string): Float32Array;
}

/** Averaged word vectors (meaning-vector.ts) of `table`. */
export function wordMeaning(table: WordVectors): MeaningSource {
  return { ofText: (text) => meaningVector(text, table) };
}

let shippedMeaning: MeaningSource | undefined;

/** What recall ships: the shipped word vectors, averaged (one per process: indexes key on it). */
function shippedSource(): MeaningSource {
  shippedMeaning ??= wordMeaning(shippedWordVectors());
  return shippedMeaning;
}

export class MeaningIndex {
  private ids: number[] = [];
  private vectors: Float32Array[] = [];
  /** Who said each message: the words of its speaker's name and user, as the index reads them. */
  private said: string[][] = [];
  private readUpTo = 0;
  private common: Float32Array | null = null;
  private fittedAt = 0;
  /** The vectors with the common direction out, row for row (meaning-hubness.ts). */
  private space: CentredVectors | null = null;
  /** Each message's crowding (meaning-hubness.ts), by id, until the common direction is refitted. */
  private crowd = new Map<number, number>();
  /** Rows read or dropped since the centred set was last placed. */
  private unplaced = 0;
  private dropped = 0;
  /** crowdStep walks down from this row; the rows above it have their crowding. */
  private crowdFrom = -1;

  constructor(
    private readonly store: AgentStore,
    private readonly size: number,
    private readonly source: MeaningSource = shippedSource(),
  ) {}

  /**
   * Reads the messages added since the last look (at most the newest `size`): those the embedding
   * job has passed (its cursor), which in a running daemon trails the log by a batch at most.
   */
  refresh(): void {
    this.readStep(Number.POSITIVE_INFINITY);
  }

  /**
   * Reads up to `budget` more ids (a daemon warms the index this way, warm-meaning-index.ts);
   * true once it has caught up and its rows are placed for search.
   */
  readStep(budget: number): boolean {
    const last = this.store.vectors.cursor();
    const from = Math.max(this.readUpTo + 1, last - this.size * 2 + 1);
    const until = Math.min(last, from + budget - 1);
    this.read(from, until);
    this.readUpTo = Math.max(this.readUpTo, until);
    const drop = Math.max(0, this.ids.length - this.size);
    if (drop > 0) {
      for (const id of this.ids.slice(0, drop)) this.crowd.delete(id);
      this.ids = this.ids.slice(drop);
      this.vectors = this.vectors.slice(drop);
      this.said = this.said.slice(drop);
      this.dropped += drop;
    }
    if (until < last) return false;
    this.place();
    return true;
  }

  /**
   * Reads ids `from`…`until`, newest first, until `size` of them have a meaning: the older ones
   * would be dropped as soon as read. Tool outputs are left out before any text is read.
   */
  private read(from: number, until: number): void {
    if (until < from) return;
    const ids = this.store.messages.idsWithoutRole(from, until, "tool");
    const taken: Array<{ id: number; vector: Float32Array; said: string[] }> = [];
    for (let end = ids.length; end > 0 && taken.length < this.size; end -= BATCH) {
      const batch = ids.slice(Math.max(0, end - BATCH), end);
      const heads = this.store.messages.headsByIds(batch, HEAD).sort((a, b) => b.id - a.id);
      for (const message of heads) {
        const vector = this.source.ofText(messageText(message));
        if (!vector.some((value) => value !== 0)) continue;
        const said = searchTerms(`${message.meta?.name ?? ""} ${message.meta?.user ?? ""}`);
        taken.push({ id: message.id, vector, said });
      }
    }
    for (const entry of taken.slice(0, this.size).reverse()) {
      this.ids.push(entry.id);
      this.vectors.push(entry.vector);
      this.said.push(entry.said);
    }
    this.unplaced += Math.min(taken.length, this.size);
  }

  /** The centred set follows the vectors: rows dropped and added, all again after a refit. */
  private place(): void {
    const { unplaced, dropped } = this;
    this.unplaced = 0;
    this.dropped = 0;
    if (this.ids.length > this.fittedAt * (1 + REFIT)) {
      this.common = firstComponent(this.vectors);
      this.fittedAt = this.ids.length;
      this.crowd.clear();
      this.space = null;
    }
    if (!this.space || dropped >= this.space.count) {
      this.space = centred(this.vectors, this.common);
    } else if (unplaced > 0 || dropped > 0) {
      const kept = dropFirst(this.space, dropped);
      const added = unplaced > 0 ? this.vectors.slice(-unplaced) : [];
      this.space = appendCentred(kept, added, this.common);
    } else return;
    this.crowdFrom = this.space.count - 1;
  }

  /**
   * Works out the crowding of up to `rows` more rows whose crowding is not known, newest first (a
   * daemon does this ahead of the searches, so their candidates' is known); true once every row's
   * is. The same numbers as a search works out for its candidates (crowdings gives each row its
   * own, whatever rows it is given with).
   */
  crowdStep(rows: number): boolean {
    const space = this.space;
    if (!space) return true;
    const missing: ScoredRow[] = [];
    let row = Math.min(this.crowdFrom, space.count - 1);
    for (; row >= 0 && missing.length < rows; row -= 1) {
      if (!this.crowd.has(this.ids[row] as number)) missing.push({ row, score: 0 });
    }
    this.crowdFrom = row;
    this.crowdingOf(space, missing);
    return row < 0;
  }

  /**
   * The `k` messages nearest to `text` in meaning (ids, best first); none when it has none. With
   * `saidBy`, only messages whose envelope holds one of those words (a speaker's name). With
   * `hubness`, the nearest `pool` × k are re-ordered by CSLS (meaning-hubness.ts).
   */
  nearest(
    text: string,
    k: number,
    saidBy?: ReadonlySet<string>,
    hubness = false,
    pool = HUB_POOL,
  ): number[] {
    this.refresh();
    const vector = this.source.ofText(text);
    const space = this.space;
    if (!vector.some((value) => value !== 0) || !space || space.count === 0) return [];
    // cos(q - (q·u)u, m - (m·u)u), both unit before: the common direction taken out of both.
    const query = new Float32Array(vector.length);
    writeCentred(query, 0, vector, this.common);
    const said = this.said;
    const keep = saidBy && ((row: number) => said[row]?.some((word) => saidBy.has(word)) === true);
    const best = nearestRows(space, query, hubness ? k * pool : k, keep);
    if (!hubness) return best.map((entry) => this.ids[entry.row] as number);
    const r = this.crowdingOf(space, best);
    return best
      .map((entry, i) => ({
        id: this.ids[entry.row] as number,
        score: 2 * entry.score - (r[i] as number),
      }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, k)
      .map((entry) => entry.id);
  }

  /** r of each entry (meaning-hubness.ts): kept by id, the missing computed in one pass. */
  private crowdingOf(space: CentredVectors, entries: readonly ScoredRow[]): number[] {
    const missing = entries.filter((entry) => !this.crowd.has(this.ids[entry.row] as number));
    const computed = crowdings(
      space,
      missing.map((entry) => entry.row),
    );
    missing.forEach((entry, i) => {
      this.crowd.set(this.ids[entry.row] as number, computed[i] as number);
    });
    return entries.map((entry) => this.crowd.get(this.ids[entry.row] as number) ?? 0);
  }
}

const INDEXES = new WeakMap<MeaningSource, WeakMap<AgentStore, MeaningIndex>>();

/**
 * The store's meaning index of `source`'s vectors (the shipped word vectors unless given): one
 * per store and source, kept while both are.
 */
export function meaningIndexOf(
  store: AgentStore,
  size: number,
  source = shippedSource(),
): MeaningIndex {
  let indexes = INDEXES.get(source);
  if (!indexes) {
    indexes = new WeakMap();
    INDEXES.set(source, indexes);
  }
  let index = indexes.get(store);
  if (!index) {
    index = new MeaningIndex(store, size, source);
    indexes.set(store, index);
  }
  return index;
}

/** Whether recall searches by meaning with this embedder and tuning (the `local` embedder only). */
export function searchesByMeaning(fingerprint: string, tuning: RecallTuning): boolean {
  return tuning.meaningLeg.weight > 0 && isLexicalEmbedder(fingerprint);
}

/**
 * Reads up to `budget` more messages into the store's meaning index as recall's defaults use it,
 * then, once caught up, works out its rows' crowding a few at a time; true once both are done, or
 * at once when recall does not search by meaning with this embedder.
 */
export function warmMeaningIndex(store: AgentStore, fingerprint: string, budget: number): boolean {
  const { meaningLeg } = DEFAULT_RECALL_TUNING;
  if (!searchesByMeaning(fingerprint, DEFAULT_RECALL_TUNING)) return true;
  const index = meaningIndexOf(store, meaningLeg.size);
  if (!index.readStep(budget)) return false;
  return !meaningLeg.hubness || index.crowdStep(CROWD_STEP);
}
