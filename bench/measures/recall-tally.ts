// Accumulates one recall mode's answers into its quality figures: recall@1/5/10 and MRR for
// keyword and reworded questions, negatives' top scores, and the order of updated values. Pure.
import type { ModeQuality, QualityMetrics } from "../report/results-schema.js";
import { median } from "../support/stats.js";
import type { TruthFact } from "../support/truth-file.js";
import type { RankedRange } from "./recall-modes.js";

/** 1-based rank of the first range holding `seq`, or Infinity. */
function rankOf(ranges: readonly RankedRange[], session: string, seq: number): number {
  const index = ranges.findIndex(
    (range) => range.session === session && range.seqStart <= seq && seq < range.seqEnd,
  );
  return index === -1 ? Number.POSITIVE_INFINITY : index + 1;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
/** Scores live on different scales (BM25, cosine, RRF): keep four significant digits. */
const roundScore = (value: number) => Number(value.toPrecision(4));
const share = (count: number, total: number) => (total === 0 ? 0 : round(count / total));

function metrics(ranks: readonly number[]): QualityMetrics {
  const within = (limit: number) =>
    share(ranks.filter((rank) => rank <= limit).length, ranks.length);
  const reciprocal = ranks.reduce((sum, rank) => sum + (Number.isFinite(rank) ? 1 / rank : 0), 0);
  return {
    queries: ranks.length,
    recallAt1: within(1),
    recallAt5: within(5),
    recallAt10: within(10),
    mrr: round(ranks.length === 0 ? 0 : reciprocal / ranks.length),
  };
}

export class ModeTally {
  private readonly ranks = { keyword: [] as number[], reworded: [] as number[] };
  private readonly positiveTops: number[] = [];
  private readonly negativeTops: Array<number | null> = [];
  private readonly updated = { facts: 0, keyword: 0, reworded: 0 };

  constructor(private readonly session: string) {}

  add(fact: TruthFact, reworded: boolean, ranges: readonly RankedRange[]): void {
    if (fact.kind === "negative") {
      this.negativeTops.push(ranges[0]?.score ?? null);
      return;
    }
    (reworded ? this.ranks.reworded : this.ranks.keyword).push(
      rankOf(ranges, this.session, fact.seq),
    );
    if (!reworded && ranges[0]?.score !== undefined) this.positiveTops.push(ranges[0].score);
    if (fact.kind !== "updated-value") return;
    if (!reworded) this.updated.facts += 1;
    if (this.latestFirst(ranges, fact)) this.updated[reworded ? "reworded" : "keyword"] += 1;
  }

  /** The latest value ranks above every stale one (a stale value not returned ranks last). */
  private latestFirst(ranges: readonly RankedRange[], fact: TruthFact): boolean {
    const latest = rankOf(ranges, this.session, fact.seq);
    const stale = fact.seqs.filter((seq) => seq !== fact.seq);
    return (
      Number.isFinite(latest) && stale.every((seq) => latest < rankOf(ranges, this.session, seq))
    );
  }

  quality(): ModeQuality {
    const typical = median(this.positiveTops);
    const negatives = this.negativeTops;
    const below = negatives.filter((score) => score === null || score < typical).length;
    const scored = negatives.filter((score): score is number => score !== null);
    return {
      keyword: metrics(this.ranks.keyword),
      reworded: metrics(this.ranks.reworded),
      positiveTopScore: roundScore(typical),
      negativeTopScore: roundScore(median(scored)),
      negativesBelowTypical: share(below, negatives.length),
      negativesEmpty: share(negatives.length - scored.length, negatives.length),
      updatedLatestFirst: {
        facts: this.updated.facts,
        keyword: share(this.updated.keyword, this.updated.facts),
        reworded: share(this.updated.reworded, this.updated.facts),
      },
    };
  }
}
