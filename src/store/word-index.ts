// The common words' index: in memory, the postings (word-postings.ts) of the words held by at
// least 0.5% of the messages, so recall's BM25 search costs milliseconds where FTS5's bm25()
// scores every message holding any word of the question (~0.7 µs each: 30 ms at 100k messages).
// Exact, not an approximation: bm25 is a sum over the query's phrases with one idf per phrase and
// one length norm per message, so the common words' terms are summed here with FTS5's formula
// (k1 1.2, b 0.75, idf ln((N − n + 0.5) / (n + 0.5)), each column's weight added once per
// occurrence) and the other phrases' come from FTS5 over the few messages holding them. Same
// top k and scores as FTS5 alone to ~1e-14 (bench/recall/run-term-engine.ts,
// word-index.test.ts). Built in the background in steps (the daemon: warm-word-index.ts);
// a search checks the index against FTS5's own row and token totals and catches up on new
// messages first, and returns null (search FTS5 alone) whenever it cannot answer exactly.
// Which words it holds, and the memory budget they keep to: word-sample.ts.
// docs/decisions/0004-recall-ranking.md (round 16)
import type { SqliteDatabase } from "./database.js";
import { FtsTexts } from "./fts-texts.js";
import { ftsTotals } from "./fts-totals.js";
import { IndexTerms } from "./index-terms.js";
import type { LogReader } from "./log-reader.js";
import { type RankedId, topK } from "./top-k.js";
import { WordPostings } from "./word-postings.js";
import { fitBudget, postingsBytes, WORD_INDEX_BUDGET_BYTES, WordSample } from "./word-sample.js";

/**
 * New messages a search catches up on before answering (a turn adds a few); more (an import) are
 * the background builder's, and FTS5 answers alone meanwhile: a search stays off the long work.
 */
const CATCH_UP_LIMIT = 64;
/** The columns of a message's own text, as a column mask: content and tool calls. */
const OWN_TEXT = 0b11;
/** The envelope column (who said it: name, user, interface), as a column mask. */
const ENVELOPE = 0b100;
const K1 = 1.2;
const B = 0.75;

type Phase = "empty" | "sampling" | "building" | "ready" | "off";

export class WordIndex {
  private phase: Phase = "empty";
  private readonly terms = new IndexTerms();
  /** While sampling: the sample that chooses the common words. */
  private sample: WordSample | null = null;
  private words = new Map<string, WordPostings>();
  private lengths = new Uint32Array(1024);
  private scores = new Float64Array(1024);
  /** The messages a search has scored so far, in `touched[0, touchedCount)` (reused). */
  private touched = new Uint32Array(1024);
  private touchedCount = 0;
  /** The highest message id the postings hold. */
  private watermark = 0;
  private docs = 0;
  private tokens = 0;
  /** The database's change stamp when current() last passed, or null. */
  private checked: string | null = null;
  /** A word's postings decoded for a search (reused, grown to the longest). */
  private ids = new Uint32Array(0);
  private weighted = new Float64Array(0);
  /** The postings a message being indexed holds (reused). */
  private readonly met: WordPostings[] = [];

  /** The messages' index texts, re-read from the session logs. */
  private readonly texts: FtsTexts;
  /** The postings' budget (WORD_INDEX_BUDGET_BYTES); a test sets a small one before the build. */
  budgetBytes = WORD_INDEX_BUDGET_BYTES;

  constructor(
    private readonly db: SqliteDatabase,
    log: LogReader,
  ) {
    this.texts = new FtsTexts(db, log);
  }

  /** Whether searches may use the index (built; each search still checks it against FTS5). */
  get ready(): boolean {
    return this.phase === "ready";
  }

  /** How many words the index holds postings of. */
  get wordCount(): number {
    return this.words.size;
  }

  /** Bytes the postings and message lengths hold. */
  get bytes(): number {
    return this.lengths.byteLength + postingsBytes(this.words);
  }

  /**
   * One step of the build, reading at most `messages` messages: true once the index is ready
   * and holds every message. Call again until it returns true (the daemon does, between turns).
   */
  warmStep(messages: number): boolean {
    if (this.phase === "off") return true;
    if (this.phase === "empty") this.startSampling();
    if (this.phase === "sampling") {
      this.sampleStep(messages);
      return false;
    }
    if (this.indexAfter(this.watermark, messages) === messages) return false;
    if (this.phase !== "ready") fitBudget(this.words, this.budgetBytes);
    this.phase = "ready";
    return true;
  }

  /** Builds the whole index now (tests and benchmarks). */
  warmAll(): void {
    while (!this.warmStep(10_000)) {
      // each step reads up to 10,000 messages
    }
  }

  close(): void {
    this.terms.close();
  }

  /**
   * The `k` best messages for FTS5 phrases (fts-query.ts `ftsPhrases`) by bm25 with column
   * `weights`, best first, score higher is better; null when the index cannot answer exactly
   * (not built, too far behind, or out of step with FTS5): search FTS5 alone then.
   */
  rank(phrases: readonly string[], weights: readonly number[], k: number): RankedId[] | null {
    if (this.phase !== "ready" || !this.current()) return null;
    const common: WordPostings[] = [];
    const rare: string[] = [];
    for (const phrase of phrases) {
      const postings = this.postingsOf(phrase);
      if (postings) common.push(postings);
      else rare.push(phrase);
    }
    if (common.length === 0) return null;
    this.touchedCount = 0;
    if (rare.length > 0) this.addRare(rare, weights);
    for (const postings of common) this.addCommon(postings, weights);
    const { touched, scores, touchedCount } = this;
    const ranked = topK(touched.subarray(0, touchedCount), scores, k);
    for (let at = 0; at < touchedCount; at += 1) scores[touched[at] as number] = 0;
    return ranked;
  }

  /**
   * The ids of the messages whose own text (content or tool calls) holds each of `words`,
   * ascending, as FTS5's `{content tool_calls} : "word"` finds them; null for a word more than
   * `cap` messages hold. Words the index does not hold as one term are left out, and so is every
   * word when the index cannot answer exactly: read those from FTS5 (term-proximity.ts).
   */
  ownTextHolders(words: readonly string[], cap: number): Map<string, number[] | null> {
    const found = new Map<string, number[] | null>();
    if (this.phase !== "ready" || !this.current()) return found;
    for (const word of words) {
      const postings = this.postingsOfWord(word);
      if (postings) found.set(word, postings.idsIn(OWN_TEXT, cap));
    }
    return found;
  }

  /**
   * Whether some message's envelope (speaker's name, user, interface) holds `word`, as FTS5's
   * `{meta} : "word"` finds it; null when the index does not hold the word or cannot answer
   * exactly. (FTS5 reads the whole doclist of a common word the envelope never holds: "On".)
   */
  inEnvelope(word: string): boolean | null {
    if (this.phase !== "ready" || !this.current()) return null;
    const postings = this.postingsOfWord(word);
    return postings ? (postings.columns & ENVELOPE) !== 0 : null;
  }

  /** The postings of a plain one-word phrase (`"word"`) the index holds, else null. */
  private postingsOf(phrase: string): WordPostings | null {
    const quoted = /^"([^"]+)"$/.exec(phrase);
    return quoted ? this.postingsOfWord(quoted[1] ?? "") : null;
  }

  /** The postings of a word the index holds as one term (as FTS5 tokenizes it), else null. */
  private postingsOfWord(word: string): WordPostings | null {
    const terms = this.terms.of(word);
    return terms.length === 1 ? (this.words.get(terms[0] ?? "") ?? null) : null;
  }

  /** Adds `value` to message `id`'s score (a message's first value: it joins the touched). */
  private add(id: number, value: number): void {
    if (this.scores[id] === 0) this.touched[this.touchedCount++] = id;
    this.scores[id] = (this.scores[id] as number) + value;
  }

  private addRare(phrases: readonly string[], weights: readonly number[]): void {
    const rows = this.db
      .prepare(
        "SELECT rowid, bm25(messages_fts, ?, ?, ?, ?) FROM messages_fts WHERE messages_fts MATCH ?",
      )
      .raw(true)
      .iterate(...weights, phrases.join(" OR ")) as Iterable<[number, number]>;
    for (const [id, rank] of rows) this.add(id, -rank);
  }

  /** Adds a common word's bm25 terms, as FTS5 computes them, to the scores of its messages. */
  private addCommon(postings: WordPostings, weights: readonly number[]): void {
    const n = postings.count;
    const raw = Math.log((this.docs - n + 0.5) / (n + 0.5));
    const idf = raw <= 0 ? 1e-6 : raw;
    const base = K1 * (1 - B);
    const slope = (K1 * B) / (this.tokens / this.docs);
    if (this.ids.length < n) {
      this.ids = new Uint32Array(n);
      this.weighted = new Float64Array(n);
    }
    const { ids, weighted, lengths, scores, touched } = this;
    postings.decodeWeighted(weights, ids, weighted);
    // The loop of every search: written out, not through add().
    let count = this.touchedCount;
    for (let at = 0; at < n; at += 1) {
      const id = ids[at] as number;
      const f = weighted[at] as number;
      const value = (idf * (f * (K1 + 1))) / (f + (base + slope * (lengths[id] as number)));
      const held = scores[id] as number;
      if (held === 0) touched[count++] = id;
      scores[id] = held + value;
    }
    this.touchedCount = count;
  }

  /**
   * Whether the index answers exactly now (check(), unless nothing was written since it last
   * passed).
   *
   * check(): catches up on a few new messages (CATCH_UP_LIMIT) and checks the index holds every message
   * and no deleted one (as many as the messages table: ids only grow, each indexed once), and
   * that FTS5's own row count and token total, which its bm25() scores with, are the index's. A
   * deletion starts a rebuild; token totals that disagree mean the tokenizers disagree: the
   * index turns itself off.
   */
  private current(): boolean {
    // Nothing written since the last check that passed (by this connection: total_changes;
    // by another: data_version): it still holds, and a search asks several times.
    const stamp = this.db
      .prepare("SELECT total_changes() || ':' || data_version FROM pragma_data_version")
      .pluck()
      .get() as string;
    if (stamp === this.checked) return true;
    this.checked = null;
    if (!this.check()) return false;
    this.checked = stamp;
    return true;
  }

  private check(): boolean {
    const pending = this.readAfter(this.watermark, CATCH_UP_LIMIT + 1);
    if (pending.length > CATCH_UP_LIMIT) return false;
    for (const [id, ...texts] of pending) this.indexMessage(id, texts);
    const rows = this.db
      .prepare("SELECT COALESCE(SUM(message_rows), 0) FROM sessions")
      .pluck()
      .get() as number;
    if (rows !== this.docs) {
      this.reset();
      return false;
    }
    const fts = ftsTotals(this.db);
    // After a deletion FTS5 keeps its totals as they were, and its bm25() scores with them: the
    // index cannot match those scores, so FTS5 answers alone until a reindex.
    if (!fts || fts.rows !== this.docs) return false;
    if (fts.tokens !== this.tokens) {
      this.phase = "off";
      return false;
    }
    return true;
  }

  private reset(): void {
    this.phase = "empty";
    this.checked = null;
    this.words = new Map();
    this.sample = null;
    this.lengths = new Uint32Array(1024);
    this.watermark = 0;
    this.docs = 0;
    this.tokens = 0;
  }

  private startSampling(): void {
    const newest = this.db.prepare("SELECT MAX(id) FROM messages").pluck().get() as number | null;
    this.sample = new WordSample(newest ?? 0);
    this.phase = "sampling";
  }

  /** Reads the sample's next messages; once it is complete, fixes the common words. */
  private sampleStep(messages: number): void {
    const sample = this.sample;
    if (!sample) return;
    const ids = sample.nextIds(messages);
    const rows = ids.length > 0 ? this.readIds(ids) : [];
    for (const [, ...texts] of rows) sample.add(new Set(texts.flatMap((t) => this.terms.of(t))));
    if (ids.length === messages || rows.length === messages) return;
    for (const [word, bytes] of sample.commonWords()) this.words.set(word, new WordPostings(bytes));
    this.sample = null;
    this.phase = "building";
  }

  /** Indexes up to `limit` messages after `after`; returns how many it read. */
  private indexAfter(after: number, limit: number): number {
    const rows = this.readAfter(after, limit);
    for (const [id, ...texts] of rows) this.indexMessage(id, texts);
    return rows.length;
  }

  private indexMessage(id: number, texts: ReadonlyArray<string | null>): void {
    // The words met are gathered in one reused list, their counts on the postings themselves:
    // a message allocates nothing here (a build reads every message of the history).
    const met = this.met;
    met.length = 0;
    let length = 0;
    texts.forEach((text, column) => {
      for (const term of this.terms.of(text)) {
        length += 1;
        const postings = this.words.get(term);
        if (postings?.countOccurrence(column) === 1) met.push(postings);
      }
    });
    for (const postings of met) postings.flush(id);
    this.ensureCapacity(id);
    this.lengths[id] = length;
    this.watermark = id;
    this.docs += 1;
    this.tokens += length;
  }

  private readAfter(after: number, limit: number): Array<[number, ...(string | null)[]]> {
    return this.texts.after(after, limit);
  }

  private readIds(ids: readonly number[]): Array<[number, ...(string | null)[]]> {
    return this.texts.ofIds(ids);
  }

  private ensureCapacity(id: number): void {
    if (id < this.lengths.length) return;
    const size = Math.max(this.lengths.length * 2, id + 1);
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    this.lengths = lengths;
    this.scores = new Float64Array(size);
    this.touched = new Uint32Array(size);
  }
}
