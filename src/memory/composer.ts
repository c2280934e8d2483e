// Composes the prompt of SPEC §5: the tagged system sections, `<conversation_summary>` for what
// was trimmed, and the verbatim message window, within `maxContextTokens` counted exactly. Caches
// per session so an unchanged history composes in well under a millisecond.
import { type AgentDocument, type AgentDocumentCache, loadAgentDocuments } from "../agent/index.js";
import type { ContextReport, Segment, SessionMessage } from "../kernel/index.js";
import type { AgentStore } from "../store/index.js";
import { planSummaryTiling, type SummaryPiece } from "./compose-summary-block.js";
import { countMessageTokens } from "./count-tokens.js";
import { fitTextToTokens } from "./fit-text.js";
import { SessionMessageCache } from "./message-window.js";
import type { MemoryConfig } from "./pipeline-context.js";
import {
  fitPiecesToBudget,
  joinSummaryBlock,
  type RenderedPiece,
  summaryWrapperTokens,
} from "./render-summary-block.js";
import { SummaryPieceTexts } from "./summary-piece-text.js";
import {
  buildFixedSections,
  joinSections,
  renderSection,
  SECTION_SEPARATOR,
  type SystemSection,
  sectionTokens,
  TextTokenCache,
} from "./system-sections.js";
import { closeToolCalls, planTrim } from "./trim-window.js";

export interface ComposeOptions {
  /** Defaults to the active session. */
  session?: string;
  /** Defaults to config `maxContextTokens`. */
  maxContextTokens?: number;
  /** The `<tools>` section's content. */
  toolsText: string;
  /** `<working_memory>` content; omitted = the stored one when `workingMemory` is on; null = none. */
  workingMemory?: string | null;
  /** `<recall>` content (autoRecall); cut to RECALL_MAX_TOKENS. */
  recallText?: string | null;
}

export interface ComposedContext {
  systemPrompt: string;
  /** The verbatim messages to send, oldest first; long tool results shortened, no orphan calls. */
  window: SessionMessage[];
  report: ContextReport;
}

export interface ComposerOptions {
  store: AgentStore;
  config: MemoryConfig;
  templatesDir: string;
}

/** SPEC §6: the `<recall>` block holds at most ~2000 tokens. */
export const RECALL_MAX_TOKENS = 2000;

interface ComposeInputs {
  budget: number;
  end: number;
  segmentsVersion: number;
  documents: AgentDocument[];
  notesSummary: string | null;
  toolsText: string;
  workingMemory: string | null;
  recallText: string | null;
}

interface SessionState {
  messages: SessionMessageCache;
  texts: SummaryPieceTexts;
  /** The sticky trim point (seq) of the last compose; null when nothing was trimmed. */
  trimPoint: number | null;
  segments: { version: number; list: Segment[] } | null;
  last: { inputs: ComposeInputs; result: ComposedContext } | null;
}

function sameInputs(a: ComposeInputs, b: ComposeInputs): boolean {
  return (
    a.budget === b.budget &&
    a.end === b.end &&
    a.segmentsVersion === b.segmentsVersion &&
    a.notesSummary === b.notesSummary &&
    a.toolsText === b.toolsText &&
    a.workingMemory === b.workingMemory &&
    a.recallText === b.recallText &&
    a.documents.length === b.documents.length &&
    a.documents.every(
      (document, index) =>
        document.path === b.documents[index]?.path &&
        document.content === b.documents[index]?.content,
    )
  );
}

/** What one compose decided about the window and the summary. */
interface WindowPlan {
  trimPoint: number;
  pieces: RenderedPiece[];
}

export class Composer {
  private readonly sessions = new Map<string, SessionState>();
  private readonly documentCache: AgentDocumentCache = new Map();
  private readonly tokens = new TextTokenCache();
  private segmentsVersion = 0;
  private lastReports = new Map<string, ContextReport>();

  constructor(private readonly options: ComposerOptions) {}

  /** Call after any segment or summary write: the next compose re-reads the segments. */
  invalidateSegments(): void {
    this.segmentsVersion += 1;
  }

  /** The report of the last compose of `session`, or null. */
  lastReport(session: string): ContextReport | null {
    return this.lastReports.get(session) ?? null;
  }

  private stateFor(session: string): SessionState {
    let state = this.sessions.get(session);
    if (!state) {
      const { store, config } = this.options;
      const messages = new SessionMessageCache(store, session, config.maxToolResultChars);
      state = {
        messages,
        texts: new SummaryPieceTexts(store, messages),
        trimPoint: null,
        segments: null,
        last: null,
      };
      this.sessions.set(session, state);
    }
    return state;
  }

  private segmentsOf(state: SessionState): Segment[] {
    if (state.segments?.version !== this.segmentsVersion) {
      const list = this.options.store.segments.list(state.messages.session);
      state.segments = { version: this.segmentsVersion, list };
    }
    return state.segments.list;
  }

  private inputs(state: SessionState, options: ComposeOptions): ComposeInputs {
    const { store, config, templatesDir } = this.options;
    const session = state.messages.session;
    const workingMemory =
      options.workingMemory !== undefined
        ? options.workingMemory
        : config.workingMemory
          ? (store.state.workingMemory(session)?.content ?? null)
          : null;
    const recall = options.recallText?.trim() ? options.recallText : null;
    return {
      budget: options.maxContextTokens ?? config.maxContextTokens,
      end: state.messages.end,
      segmentsVersion: this.segmentsVersion,
      documents: loadAgentDocuments({
        agentDir: config.agentDir,
        templatesDir,
        cache: this.documentCache,
      }),
      notesSummary: store.state.notesSummary()?.summary ?? null,
      toolsText: options.toolsText,
      workingMemory,
      recallText: recall === null ? null : fitTextToTokens(recall, RECALL_MAX_TOKENS),
    };
  }

  /**
   * Composes the prompt for a turn. Contract: the summary section (wrappers included) never
   * exceeds `summaryBudget × maxContextTokens`; system sections plus window stay within
   * `maxContextTokens` unless the system sections and the newest message alone exceed it; every
   * trimmed message is covered by exactly one summary; the window never starts with a tool result
   * and holds no tool call without its result. Synchronous reads of the index and agent files.
   */
  compose(options: ComposeOptions): ComposedContext {
    const session = options.session ?? this.options.store.sessionLog.sessionId;
    const state = this.stateFor(session);
    state.messages.refresh();
    const inputs = this.inputs(state, options);
    if (state.last && sameInputs(state.last.inputs, inputs)) return state.last.result;
    const fixed = buildFixedSections(inputs);
    const recall = inputs.recallText === null ? null : renderSection("recall", inputs.recallText);
    const plan = this.planWindow(state, inputs, [...fixed, ...(recall ? [recall] : [])]);
    state.trimPoint = plan.trimPoint > 0 ? plan.trimPoint : null;
    const summary =
      plan.pieces.length > 0
        ? { tag: "conversation_summary", path: null, text: joinSummaryBlock(plan.pieces) }
        : null;
    const sections: SystemSection[] = [
      ...fixed,
      ...(summary ? [summary] : []),
      ...(recall ? [recall] : []),
    ];
    const result = this.finish(state, inputs, sections, plan);
    state.last = { inputs, result };
    this.lastReports.set(session, result.report);
    return result;
  }

  private planWindow(
    state: SessionState,
    inputs: ComposeInputs,
    others: SystemSection[],
  ): WindowPlan {
    const systemTokens = others.reduce(
      (sum, section) => sum + this.tokens.count(section.text + SECTION_SEPARATOR),
      0,
    );
    const segments = this.segmentsOf(state);
    const maxWindow = inputs.budget - systemTokens;
    const walk = state.messages.walkBack(maxWindow);
    const windowTokens = (seq: number): number => {
      const index = state.messages.indexOf(seq);
      if (index < walk.startIndex) return (walk.suffix[0] ?? 0) + 1;
      return walk.suffix[index - walk.startIndex] ?? 0;
    };
    const candidates = this.candidates(state, segments);
    // The summary gets its share, but never the room the newest turn needs (it must be sent).
    const newestTurn = windowTokens(candidates.at(-1) ?? 0);
    const wrapper = summaryWrapperTokens(SECTION_SEPARATOR);
    const share = Math.floor(this.options.config.summaryBudget * inputs.budget);
    const pieceBudget = Math.min(share, maxWindow - newestTurn) - wrapper;
    const summaryCost = new Map<number, number>();
    const windowBudget = (seq: number): number => {
      if (seq <= 0 || pieceBudget <= 0) return maxWindow;
      let cost = summaryCost.get(seq);
      if (cost === undefined) {
        const tiling = this.planTiling(state, segments, seq, pieceBudget);
        cost = Math.min(tiling.tokens, pieceBudget) + wrapper;
        summaryCost.set(seq, cost);
      }
      return maxWindow - cost;
    };
    const plan = (list: readonly number[], previous: number | null) =>
      planTrim({
        candidates: list,
        windowTokens,
        windowBudget,
        maxWindowBudget: maxWindow,
        previous,
      });
    let trim = plan(candidates, state.trimPoint);
    if (!trim.fits) trim = plan(this.fallbackCandidates(state, candidates), null);
    const pieces =
      trim.trimPoint > 0 && pieceBudget > 0
        ? this.renderPieces(state, segments, trim.trimPoint, pieceBudget)
        : [];
    return { trimPoint: trim.trimPoint, pieces };
  }

  private planTiling(
    state: SessionState,
    segments: readonly Segment[],
    trimPoint: number,
    pieceBudget: number,
  ) {
    return planSummaryTiling({
      segments,
      trimPoint,
      budgetTokens: pieceBudget,
      pieceTokens: (piece) => state.texts.estimate(piece),
    });
  }

  /** Trim points: user messages at L0 edges, and user messages past the last L0 (SPEC §5). */
  private candidates(state: SessionState, segments: readonly Segment[]): number[] {
    const { rows } = state.messages;
    const isUser = (seq: number) => {
      const row = rows[state.messages.indexOf(seq)];
      return row?.seq === seq && row.role === "user";
    };
    const result = new Set<number>();
    let levelEnd = 0;
    for (const segment of segments) {
      if (segment.level !== 0) continue;
      if (isUser(segment.seqStart)) result.add(segment.seqStart);
      levelEnd = Math.max(levelEnd, segment.seqEnd);
    }
    for (let index = state.messages.indexOf(levelEnd); index < rows.length; index += 1) {
      const row = rows[index];
      if (row?.role === "user") result.add(row.seq);
    }
    result.delete(0);
    return [...result].sort((a, b) => a - b);
  }

  /** When no turn start fits: any message after the newest turn start that is not a tool result. */
  private fallbackCandidates(state: SessionState, candidates: readonly number[]): number[] {
    const from = candidates.at(-1) ?? 0;
    return state.messages.rows
      .filter((row) => row.seq > from && row.role !== "tool")
      .map((row) => row.seq);
  }

  private renderPieces(
    state: SessionState,
    segments: readonly Segment[],
    trimPoint: number,
    pieceBudget: number,
  ): RenderedPiece[] {
    const tiling = this.planTiling(state, segments, trimPoint, pieceBudget);
    const rendered = tiling.pieces.map((piece) => ({ piece, ...state.texts.rendered(piece) }));
    const fitted = fitPiecesToBudget(rendered, pieceBudget);
    if (fitted) return fitted;
    // Even the shortest forms of the top level do not fit: one note covers everything.
    const note: SummaryPiece = { kind: "stand-in", seqStart: 0, seqEnd: trimPoint };
    const omitted = state.texts.omitted(note);
    return omitted.tokens <= pieceBudget ? [{ piece: note, ...omitted }] : [];
  }

  private finish(
    state: SessionState,
    inputs: ComposeInputs,
    sections: SystemSection[],
    plan: WindowPlan,
  ): ComposedContext {
    const original = state.messages.windowMessages(plan.trimPoint);
    const kept = new Set(original);
    const window = closeToolCalls(original);
    const messageTokens = window.reduce(
      (sum, message) =>
        sum +
        (kept.has(message) ? state.messages.messageTokens(message) : countMessageTokens(message)),
      0,
    );
    const costs = sectionTokens(sections, this.tokens);
    let system = 0;
    let summary = 0;
    sections.forEach((section, index) => {
      if (section.tag === "conversation_summary") summary += costs[index] ?? 0;
      else system += costs[index] ?? 0;
    });
    const systemPrompt = joinSections(sections);
    const trimmedCount = state.messages.indexOf(plan.trimPoint);
    const report: ContextReport = {
      maxContextTokens: inputs.budget,
      summaryBudget: this.options.config.summaryBudget,
      tokens: { system, summary, messages: messageTokens, total: system + summary + messageTokens },
      trimmedCount,
      window: { seqStart: plan.trimPoint, seqEnd: inputs.end },
      segmentIds: plan.pieces.flatMap((rendered) =>
        rendered.piece.kind === "segment" ? [rendered.piece.segment.id] : [],
      ),
      sections: sections.map((section, index) => ({
        tag: section.tag,
        path: section.path,
        tokens: costs[index] ?? 0,
      })),
      systemPrompt,
    };
    return { systemPrompt, window, report };
  }
}
