// The working memory as markdown: the one form it is stored in (memory log, kern.db) and injected
// as `<working_memory>`. parse(render(state)) gives the state back exactly, so reindex restores it
// with no model call. Pure: no I/O.
import { KernError } from "../../kernel/index.js";
import {
  type DecisionItem,
  emptyWorkingMemoryState,
  type WorkingMemoryState,
} from "./working-memory-state.js";

export const WORKING_MEMORY_SECTIONS = [
  "Task State",
  "Decisions",
  "Files & Code",
  "Important Context",
  "User Preferences",
] as const;

type SectionName = (typeof WORKING_MEMORY_SECTIONS)[number];

const NONE = "_none yet_";

function renderDecision(item: DecisionItem): string {
  const line = `- ${item.date}: ${item.text} (seq ${item.seq})`;
  return item.reason ? `${line}\n  - reason: ${item.reason}` : line;
}

function sectionLines(state: WorkingMemoryState, name: SectionName): string[] {
  switch (name) {
    case "Task State":
      if (!state.task) return [];
      return [
        `- Now: ${state.task.now}`,
        ...(state.task.next ? [`- Next: ${state.task.next}`] : []),
      ];
    case "Decisions":
      return state.decisions.map(renderDecision);
    case "Files & Code":
      return state.files.map((item) => `- \`${item.path}\`: ${item.note} (seq ${item.seq})`);
    case "Important Context":
      return state.context.map((item) => `- ${item.text} (last seen seq ${item.lastSeq})`);
    case "User Preferences":
      return state.preferences.map((item) => `- ${item.text} (seq ${item.seq})`);
    default: {
      const unreachable: never = name;
      throw new KernError("KERN_INTERNAL", `unknown working-memory section ${String(unreachable)}`);
    }
  }
}

/** The markdown document: exactly the five sections, in order; an empty one says so. */
export function renderWorkingMemory(state: WorkingMemoryState): string {
  return WORKING_MEMORY_SECTIONS.map((name) => {
    const lines = sectionLines(state, name);
    return `## ${name}\n${lines.length > 0 ? lines.join("\n") : NONE}`;
  }).join("\n\n");
}

const DECISION = /^- (\d{4}-\d{2}-\d{2}): (.*) \(seq (\d+)\)$/;
const REASON = /^ {2}- reason: (.*)$/;
const FILE = /^- `([^`]+)`: (.*) \(seq (\d+)\)$/;
const CONTEXT = /^- (.*) \(last seen seq (\d+)\)$/;
const PREFERENCE = /^- (.*) \(seq (\d+)\)$/;

function parseTaskLine(state: WorkingMemoryState, line: string): void {
  const now = line.match(/^- Now: (.*)$/);
  if (now) {
    state.task = { now: now[1] ?? "", next: null };
    return;
  }
  const next = line.match(/^- Next: (.*)$/);
  if (next && state.task) state.task.next = next[1] ?? "";
}

function parseDecisionLine(state: WorkingMemoryState, line: string): void {
  const reason = line.match(REASON);
  const last = state.decisions.at(-1);
  if (reason && last) {
    last.reason = reason[1] ?? null;
    return;
  }
  const decision = line.match(DECISION);
  if (decision) {
    const [, date = "", text = "", seq] = decision;
    state.decisions.push({ date, text, reason: null, seq: Number(seq) });
  }
}

function parseLine(state: WorkingMemoryState, section: SectionName, line: string): void {
  switch (section) {
    case "Task State":
      parseTaskLine(state, line);
      return;
    case "Decisions":
      parseDecisionLine(state, line);
      return;
    case "Files & Code": {
      const [, path, note = "", seq] = line.match(FILE) ?? [];
      if (path) state.files.push({ path, note, seq: Number(seq) });
      return;
    }
    case "Important Context": {
      const [, text, lastSeq] = line.match(CONTEXT) ?? [];
      if (text) state.context.push({ text, lastSeq: Number(lastSeq) });
      return;
    }
    case "User Preferences": {
      const [, text, seq] = line.match(PREFERENCE) ?? [];
      if (text) state.preferences.push({ text, seq: Number(seq) });
      return;
    }
    default: {
      const unreachable: never = section;
      throw new KernError("KERN_INTERNAL", `unknown working-memory section ${String(unreachable)}`);
    }
  }
}

/**
 * The state a rendered document holds. Lenient: unknown sections and lines that match no item
 * form are skipped (a hand-edited or older document never breaks the keeper). Never throws.
 */
export function parseWorkingMemory(markdown: string): WorkingMemoryState {
  const state = emptyWorkingMemoryState();
  let section: SectionName | null = null;
  for (const line of markdown.split("\n")) {
    const heading = line.match(/^## (.+?)\s*$/);
    if (heading) {
      section = WORKING_MEMORY_SECTIONS.find((name) => name === heading[1]) ?? null;
      continue;
    }
    if (section) parseLine(state, section, line);
  }
  return state;
}
