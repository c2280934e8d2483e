// The working memory as a prompt shows it: within a token cap. The stored document keeps every
// decision (append-only, SPEC §4) and every file, so after a year of use it holds hundreds of
// each (at 1M bench messages: 770 decisions, 37k tokens — more than a third of a 100k prompt,
// in every turn). The prompt gets the newest of them; the older ones stay in the stored document
// (`kern memory`), in the summaries and in recall. ADR 0002, "A year of decisions". Pure.
import { LineTokenCounter } from "../text/count-lines.js";
import { fitTextToTokens } from "../text/fit-text.js";
import { parseWorkingMemory, renderWorkingMemory } from "./working-memory-markdown.js";
import type { WorkingMemoryState } from "./working-memory-state.js";

/** The prompt's `<working_memory>` gets at most this share of maxContextTokens... */
const WORKING_MEMORY_PROMPT_SHARE = 0.05;
/** ...and never less than this many tokens (small budgets still see the task and recent items). */
const MIN_WORKING_MEMORY_PROMPT_TOKENS = 400;

/** The cap of `<working_memory>` at a prompt budget of `maxContextTokens`. */
export function workingMemoryPromptTokens(maxContextTokens: number): number {
  return Math.max(
    MIN_WORKING_MEMORY_PROMPT_TOKENS,
    Math.floor(WORKING_MEMORY_PROMPT_SHARE * maxContextTokens),
  );
}

/**
 * The fit counts the document and a dozen shorter renders of it, and runs again after every turn
 * (the document gains an item or two): counting by remembered lines made that 31-37 ms at 1M bench
 * messages (a 37k-token document) into the cost of the lines that changed.
 */
const lines = new LineTokenCounter();

/** An item that may be left out of the prompt, oldest first: decisions and files by seq. */
type Droppable = { kind: "decision" | "file"; index: number; seq: number };

function droppables(state: WorkingMemoryState): Droppable[] {
  const items: Droppable[] = [
    ...state.decisions.map((item, index) => ({ kind: "decision" as const, index, seq: item.seq })),
    ...state.files.map((item, index) => ({ kind: "file" as const, index, seq: item.seq })),
  ];
  return items.sort((a, b) => a.seq - b.seq || (a.kind === "decision" ? -1 : 1));
}

/** The document without the `count` oldest droppable items, each cut section saying how many. */
function renderWithout(
  state: WorkingMemoryState,
  order: readonly Droppable[],
  count: number,
): string {
  const dropped = { decision: new Set<number>(), file: new Set<number>() };
  for (const item of order.slice(0, count)) dropped[item.kind].add(item.index);
  const kept: WorkingMemoryState = {
    ...state,
    decisions: state.decisions.filter((_, index) => !dropped.decision.has(index)),
    files: state.files.filter((_, index) => !dropped.file.has(index)),
  };
  let text = renderWorkingMemory(kept);
  const notes = [
    { heading: "## Decisions", left: dropped.decision.size, what: "earlier decisions" },
    { heading: "## Files & Code", left: dropped.file.size, what: "earlier files" },
  ];
  for (const { heading, left, what } of notes) {
    if (left === 0) continue;
    // Sections are joined by a blank line, and item lines never hold one (cleanLine).
    const at = `\n\n${heading}\n`;
    const note = `- (${left} ${what} left out for room; recall finds them)`;
    text = text.replace(`${at}_none yet_`, at.slice(0, -1)).replace(at, () => `${at}${note}\n`);
  }
  return text;
}

/**
 * `markdown` when it fits in `maxTokens`; else the same document without its oldest decisions and
 * files (the fewest that make it fit), each cut section naming how many it left out. Task state,
 * context and preferences are never cut for room; a document that still does not fit (or is not
 * in the working-memory form) is cut at a line boundary. Deterministic.
 */
export function fitWorkingMemory(markdown: string, maxTokens: number): string {
  const state = parseWorkingMemory(markdown);
  const order = droppables(state);
  const render = (left: number) => (left === 0 ? markdown : renderWithout(state, order, left));
  const fitted = render(
    fewestLeftOut(order.length, (left) => lines.count(render(left)) <= maxTokens),
  );
  return lines.count(fitted) <= maxTokens ? fitted : fitTextToTokens(fitted, maxTokens);
}

/**
 * The fewest of `count` items to leave out so that `fits` (true from some number on), or `count`
 * when none does. Gallops from leaving out all towards none, then bisects: the documents counted
 * are about the size of the answer, not of the whole (a year's document is 37k tokens, its fit 5k).
 */
function fewestLeftOut(count: number, fits: (left: number) => boolean): number {
  let fitting = count;
  let failing = -1;
  for (let step = 1; fitting > 0; step *= 2) {
    const probe = Math.max(0, fitting - step);
    if (!fits(probe)) {
      failing = probe;
      break;
    }
    fitting = probe;
  }
  while (fitting - failing > 1) {
    const middle = (fitting + failing) >> 1;
    if (fits(middle)) fitting = middle;
    else failing = middle;
  }
  return fitting;
}
