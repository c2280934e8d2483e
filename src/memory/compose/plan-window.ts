// Plans one session's window for the composer: where the verbatim messages start (sticky, see
// trim-window.ts) and which summary pieces cover everything before, within the token budgets.
// Holds the session's caches (message costs, piece texts, tilings); reads the index through them.
import type { AgentStore } from "../../store/index.js";
import { planSummaryTiling, type SummaryPiece } from "./compose-summary-block.js";
import { SessionMessageCache } from "./message-window.js";
import {
  fitPiecesToBudget,
  type RenderedPiece,
  summaryWrapperTokens,
} from "./render-summary-block.js";
import type { PlanSegments } from "./stored-segments.js";
import { SummaryPieceTexts } from "./summary-piece-text.js";
import { SECTION_SEPARATOR } from "./system-sections.js";
import { planTightTurn, type TightTurn } from "./tight-turn.js";
import { TilingCache, type TilingEntry } from "./tiling-cache.js";
import { TrimCandidates } from "./trim-candidates.js";
import { LOW_WATER, planTrim } from "./trim-window.js";

/** The summary's share of the budget that even an oversized newest turn cannot take. */
const MIN_SUMMARY_SHARE = 0.1;

/**
 * The most headroom a fresh trim point leaves for the turns to come, as a share of the budget: a
 * fresh prompt fills at least ~95% of it (issue 15), and the prefix stays put for the next ~4% of
 * the budget in new messages before the trim point moves (ADR 0010).
 */
const HEADROOM_SHARE = 0.04;
/** ...and never less than this many tokens: at small budgets a re-trim would come every turn. */
const MIN_HEADROOM_TOKENS = 1_000;

function headroomTokens(budget: number): number {
  return Math.max(HEADROOM_SHARE * budget, MIN_HEADROOM_TOKENS);
}

/**
 * The summary's tokens (its wrapper included): its share, but never the room the newest turn needs
 * (`room`: the window less that turn). A newest turn larger than the window still leaves the
 * summary a floor: the window then starts inside that turn, and nothing before it goes uncovered
 * (issue 15).
 */
function summaryTokens(options: PlanWindowOptions, room: number): number {
  const share = Math.floor(options.summaryShare * options.budget);
  const floor = Math.min(share, Math.floor(MIN_SUMMARY_SHARE * options.budget));
  return Math.max(Math.min(share, room), floor);
}

/** A fill smaller than this is not worth a different stand-in. */
const MIN_FILL_TOKENS = 64;

/** What one compose decided about the window and the summary. */
export interface WindowPlan {
  /** First seq of the verbatim window; 0 = nothing trimmed. */
  trimPoint: number;
  /** The summary pieces covering `[0, trimPoint)`, oldest first; [] when nothing is trimmed. */
  pieces: RenderedPiece[];
  /** The window's oldest turn with its tool results shortened to fit (tight-turn.ts), or null. */
  tight: TightTurn | null;
}

export interface PlanWindowOptions {
  /** maxContextTokens. */
  budget: number;
  /** Tokens of every system section except the summary (separators included). */
  systemTokens: number;
  /** summaryBudget: the summary's share of `budget`. */
  summaryShare: number;
  /** The session's segments (StoredSegments), and the version they are read at. */
  segments: PlanSegments;
  segmentsVersion: number;
}

/**
 * Tokens the stand-in at the trim boundary takes over its extractive target, so the prompt fills
 * its budget less the headroom (issue 15); fixed while the trim point stays put (prompt cache).
 */
interface Fill {
  budget: number;
  pieceBudget: number;
  trimPoint: number;
  extra: number;
}

/** The stand-in a fill widens at the trim boundary, or null when the piece takes no fill. */
function fillablePiece(piece: SummaryPiece): SummaryPiece | null {
  if (piece.kind === "stand-in") return piece;
  const { segment } = piece;
  if (segment.level !== 0 || segment.method !== "extractive") return null;
  return { kind: "stand-in", seqStart: segment.seqStart, seqEnd: segment.seqEnd };
}

export class WindowPlanner {
  readonly messages: SessionMessageCache;
  private readonly texts: SummaryPieceTexts;
  private readonly trims: TrimCandidates;
  /** The sticky trim point of the last plan; null when nothing was trimmed. */
  private trimPoint: number | null = null;
  /** The budget the trim point was planned at: kept across a budget change, it is re-planned. */
  private trimBudget: number | null = null;
  private fill: Fill | null = null;
  /** The tight oldest turn of the last plan, fixed with its trim point like the fill. */
  private tight: {
    budget: number;
    pieceBudget: number;
    /** The slack holds for these segments only: a new summary changes what is rendered. */
    segmentsVersion: number;
    turn: TightTurn;
    /** Tokens the rendered summary left under its planned cost at the turn's trim point. */
    slack: number;
  } | null = null;
  private readonly tilings = new TilingCache((tree, trimPoint, budgetTokens) =>
    planSummaryTiling({
      tree,
      trimPoint,
      budgetTokens,
      pieceTokens: (piece) => this.texts.estimate(piece),
    }),
  );

  /** `loadBatch`: rows of the first tail read (tests compare a small one with one past the end). */
  constructor(store: AgentStore, session: string, maxToolResultChars: number, loadBatch?: number) {
    const batch = loadBatch === undefined ? {} : { loadBatch };
    this.messages = new SessionMessageCache(store, { session, maxToolResultChars, ...batch });
    this.texts = new SummaryPieceTexts(store, this.messages);
    this.trims = new TrimCandidates(this.messages);
  }

  /** Plans the window for the messages loaded so far (call `messages.refresh()` first). */
  plan(options: PlanWindowOptions): WindowPlan {
    const maxWindow = options.budget - options.systemTokens;
    const walk = this.messages.walkBack(maxWindow);
    const sentTokens = (seq: number): number => walk.tokensFrom(seq);
    let candidates = this.trims.list(options.segments, options.segmentsVersion, walk.startSeq);
    // The summary gets its share, but never the room the newest turn needs (it must be sent).
    // The newest turn starts at the newest user message, inside the newest segment or not.
    const newestTurn = sentTokens(this.trims.newestUserSeq() ?? candidates.at(-1) ?? 0);
    const wrapper = summaryWrapperTokens(SECTION_SEPARATOR);
    const pieceBudget = summaryTokens(options, maxWindow - newestTurn) - wrapper;
    const kept = this.keptTightTurn(options, pieceBudget);
    let tight = kept?.turn ?? null;
    // A tight turn's trim point costs the turn as shortened (and stays a candidate while kept).
    const windowTokens = (seq: number): number =>
      tight?.seqStart === seq ? sentTokens(tight.seqEnd) + tight.tokens : sentTokens(seq);
    if (tight && !candidates.includes(tight.seqStart))
      candidates = [...candidates, tight.seqStart].sort((a, b) => a - b);
    const fillAt = this.keptFillAt(options, pieceBudget);
    const windowBudget = this.windowBudgets({
      options,
      pieceBudget,
      maxWindow,
      wrapper,
      fillAt,
      kept,
    });
    const trimAt = (list: readonly number[], previous: number | null) =>
      planTrim({
        candidates: list,
        windowTokens,
        windowBudget,
        maxWindowBudget: maxWindow,
        previous,
        headroomCap: headroomTokens(options.budget),
      });
    let trim = trimAt(candidates, this.trimPoint);
    if (!trim.fits) trim = trimAt(this.trims.fallback(candidates), null);
    if (tight?.seqStart !== trim.trimPoint) tight = null;
    // A trim point kept from a plan at another budget (a config change; the benchmark composes
    // at several) gets the tight turn a fresh one would have.
    const fresh =
      trim.fits &&
      trim.trimPoint > 0 &&
      (trim.trimPoint !== this.trimPoint || this.trimBudget !== options.budget);
    if (fresh && !tight && pieceBudget > 0) {
      const turnEnd = trim.trimPoint;
      const afterTurn = sentTokens(turnEnd);
      tight = this.keepTightTurn({ options, turnEnd, pieceBudget, maxWindow, afterTurn });
      if (tight) trim = { trimPoint: tight.seqStart, fits: true };
    }
    const free = () => windowBudget(trim.trimPoint) - windowTokens(trim.trimPoint);
    return this.keepPlan({ options, trim, tight, pieceBudget, fillAt, free });
  }

  /** The last plan's tight turn, while the budgets and the segments it was planned for hold. */
  private keptTightTurn(options: PlanWindowOptions, pieceBudget: number): WindowPlanner["tight"] {
    return this.tight?.budget === options.budget &&
      this.tight.pieceBudget === pieceBudget &&
      this.tight.segmentsVersion === options.segmentsVersion
      ? this.tight
      : null;
  }

  /** The last plan's fill at its trim point (0 elsewhere, or once the budgets changed). */
  private keptFillAt(options: PlanWindowOptions, pieceBudget: number): (seq: number) => number {
    const fill = this.fill;
    return (seq) =>
      fill?.trimPoint === seq && fill.budget === options.budget && fill.pieceBudget === pieceBudget
        ? fill.extra
        : 0;
  }

  /** Keeps the plan's trim point (and its fill) for the plans to come; renders its pieces. */
  private keepPlan(plan: {
    options: PlanWindowOptions;
    trim: { trimPoint: number; fits: boolean };
    tight: TightTurn | null;
    pieceBudget: number;
    fillAt: (seq: number) => number;
    /** Tokens the window leaves free at the trim point. */
    free: () => number;
  }): WindowPlan {
    const { options, trim, tight, pieceBudget } = plan;
    if (!tight) this.tight = null;
    this.trimPoint = trim.trimPoint > 0 ? trim.trimPoint : null;
    this.trimBudget = options.budget;
    if (trim.trimPoint <= 0 || pieceBudget <= 0) {
      this.fill = null;
      return { trimPoint: trim.trimPoint, pieces: [], tight: null };
    }
    let extra = plan.fillAt(trim.trimPoint);
    if (extra === 0 && !tight) {
      const free = plan.free();
      extra = trim.fits ? this.fillFor(options, trim.trimPoint, pieceBudget, free) : 0;
      this.fill = { budget: options.budget, pieceBudget, trimPoint: trim.trimPoint, extra };
    }
    const pieces = this.renderPieces(options, trim.trimPoint, pieceBudget, extra);
    return { trimPoint: trim.trimPoint, pieces, tight };
  }

  /** The window's budget at each trim point: the budget less the summary it needs (memoized). */
  private windowBudgets(costs: {
    options: PlanWindowOptions;
    pieceBudget: number;
    maxWindow: number;
    wrapper: number;
    fillAt: (seq: number) => number;
    kept: WindowPlanner["tight"];
  }): (seq: number) => number {
    const { options, pieceBudget, maxWindow, wrapper, fillAt, kept } = costs;
    const summaryCost = new Map<number, number>();
    return (seq) => {
      if (seq <= 0 || pieceBudget <= 0) return maxWindow;
      let cost = summaryCost.get(seq);
      if (cost === undefined) {
        const { tiling } = this.tilingEntry(options, seq, pieceBudget);
        cost = Math.min(tiling.tokens + fillAt(seq), pieceBudget) + wrapper;
        if (kept?.turn.seqStart === seq) cost -= kept.slack;
        summaryCost.set(seq, cost);
      }
      return maxWindow - cost;
    };
  }

  /**
   * One turn more, its tool results shortened, where the whole turn did not fit: planned, and kept
   * with its fill for the plans to come; null when none fits.
   */
  private keepTightTurn(plan: Parameters<WindowPlanner["tightTurnBefore"]>[0]): TightTurn | null {
    const planned = this.tightTurnBefore(plan);
    if (!planned) return null;
    const { options, pieceBudget } = plan;
    const { budget, segmentsVersion } = options;
    const turn = planned.turn;
    this.tight = { budget, pieceBudget, segmentsVersion, turn, slack: planned.slack };
    this.fill = { budget, pieceBudget, trimPoint: turn.seqStart, extra: 0 };
    return turn;
  }

  /**
   * The turn before `turnEnd` with its tool results shortened to fit what its trim point leaves
   * (less the headroom), or null (no user message before it, or the turn does not fit even
   * shortened). The summary before that turn is charged as rendered, not at the plan's upper
   * bound for stand-ins; `slack` = what the plan's estimate of it overstates.
   */
  private tightTurnBefore(plan: {
    options: PlanWindowOptions;
    turnEnd: number;
    pieceBudget: number;
    maxWindow: number;
    /** Tokens of the window from `turnEnd` on. */
    afterTurn: number;
  }): { turn: TightTurn; slack: number } | null {
    const { options, turnEnd, pieceBudget } = plan;
    const start = this.trims.turnStartBefore(turnEnd);
    if (start === null) return null;
    const { tiling } = this.tilingEntry(options, start, pieceBudget);
    const pieces = this.renderPieces(options, start, pieceBudget, 0);
    const summary = pieces.reduce((sum, piece) => sum + piece.tokens, 0);
    const budget = plan.maxWindow - summaryWrapperTokens(SECTION_SEPARATOR) - summary;
    const headroom = Math.min((1 - LOW_WATER) * budget, headroomTokens(options.budget));
    const turn = planTightTurn({
      messages: this.messages.stored(start, turnEnd),
      seqEnd: turnEnd,
      room: budget - headroom - plan.afterTurn,
      maxToolResultChars: this.messages.maxToolResultChars,
    });
    return turn ? { turn, slack: Math.min(tiling.tokens, pieceBudget) - summary } : null;
  }

  /**
   * The fill of a fresh trim point: what the window and the summary leave unspent, less the
   * headroom, goes to the piece at the trim boundary, within the summary's budget. `free` = tokens
   * the prompt leaves unspent now. That piece is a stand-in, or an L0 whose summary is extractive
   * (it is then re-read as a wider stand-in of the same range); a model's summary is never
   * replaced, and gets no fill.
   */
  private fillFor(
    options: PlanWindowOptions,
    trimPoint: number,
    pieceBudget: number,
    free: number,
  ): number {
    const { tiling } = this.tilingEntry(options, trimPoint, pieceBudget);
    const last = tiling.pieces.at(-1);
    const widened = last ? fillablePiece(last) : null;
    if (!last || !widened) return 0;
    // A widened L0 may cost more than its summary before the fill: that difference is charged.
    const swap = this.texts.estimate(widened) - this.texts.estimate(last);
    const room =
      Math.min(free - headroomTokens(options.budget), pieceBudget - tiling.tokens) - swap;
    return room >= MIN_FILL_TOKENS ? Math.floor(room) : 0;
  }

  /** The tiling of `[0, trimPoint)`, cached per trim point while segments stay put. */
  private tilingEntry(
    options: PlanWindowOptions,
    trimPoint: number,
    pieceBudget: number,
  ): TilingEntry {
    const { segments: tree, segmentsVersion: version } = options;
    return this.tilings.entry({ tree, version, trimPoint, budget: pieceBudget });
  }

  private renderPieces(
    options: PlanWindowOptions,
    trimPoint: number,
    pieceBudget: number,
    extra: number,
  ): RenderedPiece[] {
    const entry = this.tilingEntry(options, trimPoint, pieceBudget);
    const last = entry.rendered;
    // Rendered at another budget, the pieces hold when neither budget cut them.
    const uncut = last && last.total <= Math.min(last.budget, pieceBudget);
    if (last?.extra === extra && (last.budget === pieceBudget || uncut)) return last.pieces;
    const { pieces } = entry.tiling;
    const rendered = pieces.map((original, index) => {
      const filled = index === pieces.length - 1 && extra > 0;
      const piece = filled ? (fillablePiece(original) ?? original) : original;
      return { piece, ...this.texts.rendered(piece, filled ? extra : 0) };
    });
    const fitted = fitPiecesToBudget(rendered, pieceBudget) ?? this.omitted(trimPoint, pieceBudget);
    const total = rendered.reduce((sum, piece) => sum + piece.tokens, 0);
    entry.rendered = { extra, budget: pieceBudget, total, pieces: fitted };
    return fitted;
  }

  /** Even the shortest forms of the top level do not fit: one note covers everything. */
  private omitted(trimPoint: number, pieceBudget: number): RenderedPiece[] {
    const note: SummaryPiece = { kind: "stand-in", seqStart: 0, seqEnd: trimPoint };
    const omitted = this.texts.omitted(note);
    return omitted.tokens <= pieceBudget ? [{ piece: note, ...omitted }] : [];
  }
}
