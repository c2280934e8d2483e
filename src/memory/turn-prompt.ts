// The prompt of one turn step (SPEC §5, §6): the composed context and, with autoRecall on and
// messages trimmed, the turn's <recall> block for its question on the user message. The block is
// searched once a turn and kept for its later steps, so their prompts share everything up to the
// newest tool result (LESSONS #6). The runtime asks for it in one call (MemoryEngine.turnPrompt);
// the benchmark measures this prompt.
import type { ComposedContext, ComposeOptions } from "./compose/composer.js";
import { recallTextTokens } from "./compose/recall-block.js";
import type { PromptText } from "./compose/system-sections.js";
import { buildRecallText, type RecallSource } from "./recall/auto-recall.js";

/** The turn's `<recall>` text: searched at its first step that trims, then kept. */
export interface TurnRecall {
  text?: string | null;
}

export interface TurnPromptOptions {
  toolsText: string;
  /** Sections plugins add after `<tools>` (`<skills>`); an empty one is left out. */
  extraSections?: readonly PromptText[];
  /** The turn's question: the user's message. */
  question: string;
  autoRecall: boolean;
  session: string;
  maxContextTokens?: number;
  /** Shared by the steps of one turn. */
  recall?: TurnRecall;
  /** `<working_memory>` content; omitted = the session's stored one (when the config turns it on). */
  workingMemory?: string | null;
}

export async function composeTurnPrompt(
  memory: RecallSource & { compose(options: ComposeOptions): Promise<ComposedContext> },
  options: TurnPromptOptions,
): Promise<ComposedContext> {
  const budget = {
    ...(options.maxContextTokens ? { maxContextTokens: options.maxContextTokens } : {}),
    ...(options.workingMemory !== undefined ? { workingMemory: options.workingMemory } : {}),
    ...(options.session ? { session: options.session } : {}),
  };
  const recall = options.recall ?? {};
  const sections = { toolsText: options.toolsText, extraSections: options.extraSections ?? [] };
  // A later step of a turn that has its block: the history was trimmed and stays so.
  if (options.autoRecall && recall.text)
    return memory.compose({ ...sections, recallText: recall.text, ...budget });
  // `workingMemory` omitted: the composer injects the stored one when the config turns it on.
  // `session`: the window is that session's (a sub-agent composes over its own transcript).
  const composed = await memory.compose({ ...sections, ...budget });
  if (!options.autoRecall || composed.report.trimmedCount === 0) return composed;
  if (recall.text === undefined) {
    recall.text = await buildRecallText(
      memory,
      options.question,
      { session: options.session, seqStart: composed.report.window.seqStart },
      recallTextTokens(composed.report.maxContextTokens),
    );
  }
  if (!recall.text) return composed;
  return memory.compose({ ...sections, recallText: recall.text, ...budget });
}
