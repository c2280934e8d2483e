// Composes the prompt of SPEC §5: the tagged system sections, `<conversation_summary>` for what
// was trimmed, and the verbatim message window, within `maxContextTokens` counted exactly. Caches
// per session so an unchanged history composes in well under a millisecond.
import {
  type AgentDocument,
  type AgentDocumentCache,
  loadAgentDocuments,
} from "../../agent/index.js";
import type { ContextReport, SessionMessage } from "../../kernel/index.js";
import type { AgentStore } from "../../store/index.js";
import type { MemoryConfig } from "../pipeline-context.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { fitTextToTokens } from "../text/fit-text.js";
import {
  fitWorkingMemory,
  workingMemoryPromptTokens,
} from "../working-memory/working-memory-fit.js";
import { type WindowPlan, WindowPlanner } from "./plan-window.js";
import { recallAllowanceTokens, recallTextTokens, withRecallBlock } from "./recall-block.js";
import { joinSummaryBlock, summaryBlockTokens } from "./render-summary-block.js";
import { StoredSegments } from "./stored-segments.js";
import {
  buildFixedSections,
  joinSections,
  type PromptText,
  SECTION_SEPARATOR,
  SectionCache,
  type SystemSection,
  sectionTokens,
  TextTokenCache,
} from "./system-sections.js";
import { closeToolCalls } from "./trim-window.js";

export interface ComposeOptions {
  /** Defaults to the active session. */
  session?: string;
  /** Defaults to config `maxContextTokens`. */
  maxContextTokens?: number;
  /** The `<tools>` section's content. */
  toolsText: string;
  /** Sections plugins add after `<tools>` (`<skills>`); an empty one is left out. */
  extraSections?: readonly PromptText[];
  /** `<working_memory>` content; omitted = the stored one when `workingMemory` is on; null = none. */
  workingMemory?: string | null;
  /**
   * The turn's `<recall>` content (autoRecall), cut to recallTextTokens: a block at the head of
   * the newest user message in the window (recall-block.ts).
   */
  recallText?: string | null;
  /** Defaults to config `autoRecall`: the plan keeps the `<recall>` block's room. */
  autoRecall?: boolean;
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

interface ComposeInputs {
  budget: number;
  end: number;
  segmentsVersion: number;
  documents: AgentDocument[];
  notesSummary: string | null;
  toolsText: string;
  extraSections: readonly PromptText[];
  workingMemory: string | null;
  recallText: string | null;
  autoRecall: boolean;
}

interface SessionState {
  planner: WindowPlanner;
  /** The segments as read at a version of `Composer.segmentsVersion`: rows read once per version. */
  read: { version: number; segments: StoredSegments } | null;
  last: { inputs: ComposeInputs; result: ComposedContext } | null;
}

/**
 * The room the plan keeps for a turn's `<recall>` block (recall-block.ts): while autoRecall is on,
 * whether or not this turn has a block, so the summary and the window's start do not move with it.
 */
function recallRoomOf(inputs: ComposeInputs): number {
  return inputs.autoRecall || inputs.recallText !== null ? recallAllowanceTokens(inputs.budget) : 0;
}

function sameSections(a: readonly PromptText[], b: readonly PromptText[]): boolean {
  return (
    a.length === b.length &&
    a.every((section, index) => section.tag === b[index]?.tag && section.text === b[index]?.text)
  );
}

function sameInputs(a: ComposeInputs, b: ComposeInputs): boolean {
  return (
    a.budget === b.budget &&
    a.end === b.end &&
    a.segmentsVersion === b.segmentsVersion &&
    a.notesSummary === b.notesSummary &&
    a.toolsText === b.toolsText &&
    sameSections(a.extraSections, b.extraSections) &&
    a.workingMemory === b.workingMemory &&
    a.recallText === b.recallText &&
    a.autoRecall === b.autoRecall &&
    a.documents.length === b.documents.length &&
    a.documents.every(
      (document, index) =>
        document.path === b.documents[index]?.path &&
        document.content === b.documents[index]?.content,
    )
  );
}

export class Composer {
  private readonly sessions = new Map<string, SessionState>();
  private readonly documentCache: AgentDocumentCache = new Map();
  private readonly tokens = new TextTokenCache();
  private readonly sectionCache = new SectionCache();
  private segmentsVersion = 0;
  /** The last joined system prompt and its section texts: a new message rarely changes them. */
  private lastPrompt: { texts: string[]; prompt: string } | null = null;
  private lastReports = new Map<string, ContextReport>();
  /** The last working memory fitted to its cap: it changes at most once a turn. */
  private fittedMemory: { content: string; cap: number; fitted: string } | null = null;

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
      const planner = new WindowPlanner(store, session, config.maxToolResultChars);
      state = { planner, read: null, last: null };
      this.sessions.set(session, state);
    }
    return state;
  }

  private segmentsOf(state: SessionState): StoredSegments {
    if (state.read?.version !== this.segmentsVersion) {
      const { store } = this.options;
      const segments = new StoredSegments(store.segments, state.planner.messages.session);
      state.read = { version: this.segmentsVersion, segments };
    }
    return state.read.segments;
  }

  private inputs(state: SessionState, options: ComposeOptions): ComposeInputs {
    const { store, config, templatesDir } = this.options;
    const session = state.planner.messages.session;
    const workingMemory =
      options.workingMemory !== undefined
        ? options.workingMemory
        : config.workingMemory
          ? (store.state.workingMemory(session)?.content ?? null)
          : null;
    const recall = options.recallText?.trim() ? options.recallText : null;
    const budget = options.maxContextTokens ?? config.maxContextTokens;
    return {
      budget,
      end: state.planner.messages.end,
      segmentsVersion: this.segmentsVersion,
      documents: loadAgentDocuments({
        agentDir: config.agentDir,
        templatesDir,
        cache: this.documentCache,
      }),
      notesSummary: store.state.notesSummary()?.summary ?? null,
      toolsText: options.toolsText,
      extraSections: options.extraSections ?? [],
      workingMemory: workingMemory === null ? null : this.fitted(workingMemory, budget),
      recallText: recall === null ? null : fitTextToTokens(recall, recallTextTokens(budget)),
      autoRecall: options.autoRecall ?? config.autoRecall,
    };
  }

  /** The working memory within its share of the budget (working-memory-fit.ts), cached. */
  private fitted(content: string, budget: number): string {
    const cap = workingMemoryPromptTokens(budget);
    const last = this.fittedMemory;
    if (last?.content === content && last.cap === cap) return last.fitted;
    const fitted = fitWorkingMemory(content, cap);
    this.fittedMemory = { content, cap, fitted };
    return fitted;
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
    state.planner.messages.refresh();
    const inputs = this.inputs(state, options);
    if (state.last && sameInputs(state.last.inputs, inputs)) return state.last.result;
    const fixed = buildFixedSections(inputs, this.sectionCache);
    const plan = state.planner.plan({
      budget: inputs.budget,
      systemTokens: fixed.reduce(
        (sum, section) => sum + this.tokens.count(section.text, SECTION_SEPARATOR),
        recallRoomOf(inputs),
      ),
      summaryShare: this.options.config.summaryBudget,
      segments: this.segmentsOf(state),
      segmentsVersion: this.segmentsVersion,
    });
    const summary: SystemSection | null =
      plan.pieces.length > 0
        ? {
            tag: "conversation_summary",
            path: null,
            text: joinSummaryBlock(plan.pieces),
            cost: (trailing) => summaryBlockTokens(plan.pieces, trailing),
          }
        : null;
    const sections: SystemSection[] = [...fixed, ...(summary ? [summary] : [])];
    const result = this.finish(state, inputs, sections, plan);
    state.last = { inputs, result };
    this.lastReports.set(session, result.report);
    return result;
  }

  /**
   * joinSections, reusing the last prompt when every section text is the same: the summary block
   * is the same string while the plan holds, so this compares ~1 KB instead of copying ~300 KB.
   */
  private joined(sections: readonly SystemSection[]): string {
    const texts = sections.map((section) => section.text);
    const last = this.lastPrompt;
    if (last?.texts.length === texts.length && texts.every((text, i) => text === last.texts[i]))
      return last.prompt;
    const prompt = joinSections(sections);
    this.lastPrompt = { texts, prompt };
    return prompt;
  }

  private finish(
    state: SessionState,
    inputs: ComposeInputs,
    sections: SystemSection[],
    plan: WindowPlan,
  ): ComposedContext {
    const { messages } = state.planner;
    const { tight } = plan;
    const costs = new Map<SessionMessage, number>();
    for (const [index, message] of (tight?.messages ?? []).entries())
      costs.set(message, tight?.costs[index] ?? 0);
    const rest = messages.windowMessages(tight ? tight.seqEnd : plan.trimPoint);
    const kept = new Set(rest);
    const closed = closeToolCalls(tight ? [...tight.messages, ...rest] : rest);
    const { window, message: withRecall } =
      inputs.recallText === null
        ? { window: closed, message: null }
        : withRecallBlock(closed, inputs.recallText);
    if (withRecall) costs.set(withRecall, countMessageTokens(withRecall));
    const messageTokens = window.reduce(
      (sum, message) =>
        sum +
        (costs.get(message) ??
          (kept.has(message) ? messages.messageTokens(message) : countMessageTokens(message))),
      0,
    );
    const sectionCosts = sectionTokens(sections, this.tokens);
    let system = 0;
    let summary = 0;
    sections.forEach((section, index) => {
      if (section.tag === "conversation_summary") summary += sectionCosts[index] ?? 0;
      else system += sectionCosts[index] ?? 0;
    });
    const systemPrompt = this.joined(sections);
    const trimmedCount = messages.indexOf(plan.trimPoint);
    const report: ContextReport = {
      maxContextTokens: inputs.budget,
      summaryBudget: this.options.config.summaryBudget,
      tokens: { system, summary, messages: messageTokens, total: system + summary + messageTokens },
      recallRoom: recallRoomOf(inputs),
      trimmedCount,
      window: { seqStart: plan.trimPoint, seqEnd: inputs.end },
      segmentIds: plan.pieces.flatMap((rendered) =>
        rendered.piece.kind === "segment" ? [rendered.piece.segment.id] : [],
      ),
      sections: sections.map((section, index) => ({
        tag: section.tag,
        path: section.path,
        tokens: sectionCosts[index] ?? 0,
      })),
      systemPrompt,
    };
    return { systemPrompt, window, report };
  }
}
