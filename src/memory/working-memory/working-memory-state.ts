// The structured working memory of one session (SPEC §4): what the keeper keeps, before it is
// rendered to markdown for `<working_memory>`. Types, limits and text cleaning. Pure: no I/O.
import { safeSlice } from "../text/truncate-text.js";

/** What is being worked on now and the next step; replaced, never accumulated. */
export interface TaskState {
  now: string;
  next: string | null;
}

/** A decision with its reason; append-only. `date` is the day it was made (YYYY-MM-DD). */
export interface DecisionItem {
  date: string;
  text: string;
  reason: string | null;
  /** Seq of the exchange that made it. */
  seq: number;
}

/** A file the agent created or changed; one item per path, updated in place. */
export interface FileItem {
  path: string;
  note: string;
  seq: number;
}

/** A file change seen in one exchange, before it is merged into the Files list. */
export interface FileChange {
  path: string;
  /** `model`: the keeper model named the file; `detail` is then its note. */
  tool: "write" | "edit" | "bash" | "model";
  /** What the call did, in a few words (e.g. "12 lines", the bash command). */
  detail: string;
}

/** A fact kept in view while it stays relevant; it fades FADE_AFTER_TURNS turns after `lastSeq`. */
export interface ContextItem {
  text: string;
  /** Seq of the last exchange that mentioned it (or added it). */
  lastSeq: number;
}

/** A preference of the user; kept until a later one on the same subject replaces it. */
export interface PreferenceItem {
  text: string;
  seq: number;
}

export interface WorkingMemoryState {
  task: TaskState | null;
  decisions: DecisionItem[];
  files: FileItem[];
  /** Most recently referenced first. */
  context: ContextItem[];
  preferences: PreferenceItem[];
}

/**
 * Context not mentioned for this many user turns leaves the working memory (it stays in the
 * summaries and recall). 20 turns is about one topic's span in the demo history (8–30 turns).
 */
export const FADE_AFTER_TURNS = 20;

/** At most this many context items; the least recently referenced go first. */
export const MAX_CONTEXT_ITEMS = 12;

/** Per-field caps (characters): one line each, so the rendered block stays small. */
export const TEXT_LIMITS = { text: 300, reason: 240, path: 200, note: 160 } as const;

export function emptyWorkingMemoryState(): WorkingMemoryState {
  return { task: null, decisions: [], files: [], context: [], preferences: [] };
}

/**
 * One clean line: whitespace collapsed, trimmed, at most `maxChars` (an ellipsis marks a cut,
 * never inside a surrogate pair). Idempotent, which keeps render → parse exact.
 */
export function cleanLine(text: string, maxChars: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= maxChars) return line;
  return `${safeSlice(line, 0, maxChars - 1).trimEnd()}…`;
}

/** A path as one clean token of the Files list: no backticks, no whitespace runs. */
export function cleanPath(path: string): string {
  return cleanLine(path.replace(/`/g, ""), TEXT_LIMITS.path);
}

/** Case- and punctuation-insensitive identity of an item's text (for de-duplication). */
export function sameText(a: string, b: string): boolean {
  const key = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return key(a) === key(b);
}
