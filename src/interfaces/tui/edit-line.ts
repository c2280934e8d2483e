// The input line's editing rules, as a pure function of (state, input): a readline-style editor
// like the ones in Claude Code and Codex CLI. Cursor movement and word jumps, Up/Down through the
// history (or between the lines of a multi-line message), Tab completion of slash commands,
// Alt-Enter / Ctrl-J / a trailing backslash for a new line, bracketed paste kept verbatim.
import { completeCommand } from "./complete-command.js";
import type { EditorInput } from "./decode-input.js";

export interface LineState {
  text: string;
  /** UTF-16 index into `text`, always on a code-point boundary. */
  cursor: number;
  /** Inside a bracketed paste: every byte is text. */
  pasting: boolean;
  /** Earlier messages, oldest first. */
  history: readonly string[];
  /** Which history entry is shown; null while editing a new message. */
  historyIndex: number | null;
  /** The new message put aside while browsing the history. */
  draft: string;
  /** Candidates shown under the line after an ambiguous Tab; empty otherwise. */
  completions: readonly string[];
}

export type LineAction =
  | { type: "submit"; text: string }
  | { type: "escape" }
  | { type: "interrupt" };

export interface LineEdit {
  state: LineState;
  action: LineAction | null;
}

export function createLineState(history: readonly string[] = []): LineState {
  return {
    text: "",
    cursor: 0,
    pasting: false,
    history,
    historyIndex: null,
    draft: "",
    completions: [],
  };
}

/** Applies one decoded input. `commands` are the slash-command names Tab completes. */
export function editLine(
  state: LineState,
  input: EditorInput,
  commands: readonly string[],
): LineEdit {
  const current = { ...state, completions: [] };
  if (input.type === "text") return { state: insert(current, input.text), action: null };
  switch (input.name) {
    case "enter":
      return submit(current);
    case "newline":
      return { state: insert(current, "\n"), action: null };
    case "escape":
      return { state: current, action: { type: "escape" } };
    case "interrupt":
      return { state: current, action: { type: "interrupt" } };
    case "tab": {
      const completed = completeCommand(current.text, current.cursor, commands);
      const text = completed.text;
      return {
        state: { ...current, text, cursor: text.length, completions: completed.candidates },
        action: null,
      };
    }
    case "paste-start":
      return { state: { ...current, pasting: true }, action: null };
    case "paste-end":
      return { state: { ...current, pasting: false }, action: null };
    case "up":
    case "down":
      return { state: moveVertically(current, input.name), action: null };
    default:
      return { state: editText(current, input.name), action: null };
  }
}

function submit(state: LineState): LineEdit {
  // A backslash right before the cursor at the end continues on a new line (as in a shell).
  if (state.cursor === state.text.length && state.text.endsWith("\\")) {
    return { state: { ...state, text: `${state.text.slice(0, -1)}\n` }, action: null };
  }
  const text = state.text;
  const history =
    text.trim() && state.history.at(-1) !== text ? [...state.history, text] : state.history;
  const cleared = { ...createLineState(history) };
  return { state: cleared, action: { type: "submit", text } };
}

function insert(state: LineState, text: string): LineState {
  const before = state.text.slice(0, state.cursor);
  const after = state.text.slice(state.cursor);
  return { ...state, text: before + text + after, cursor: state.cursor + text.length };
}

function editText(
  state: LineState,
  name: Exclude<EditorInput, { type: "text" }>["name"],
): LineState {
  const { text, cursor } = state;
  const lineStart = text.lastIndexOf("\n", cursor - 1) + 1;
  const nextBreak = text.indexOf("\n", cursor);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const cut = (from: number, to: number, at: number) => ({
    ...state,
    text: text.slice(0, from) + text.slice(to),
    cursor: at,
  });
  switch (name) {
    case "backspace":
      return cut(previousBoundary(text, cursor), cursor, previousBoundary(text, cursor));
    case "delete":
      return cut(cursor, nextBoundary(text, cursor), cursor);
    case "delete-word-back":
      return cut(wordStart(text, cursor), cursor, wordStart(text, cursor));
    case "delete-to-start":
      return cut(lineStart, cursor, lineStart);
    case "delete-to-end":
      return cut(cursor, lineEnd, cursor);
    case "left":
      return { ...state, cursor: previousBoundary(text, cursor) };
    case "right":
      return { ...state, cursor: nextBoundary(text, cursor) };
    case "word-left":
      return { ...state, cursor: wordStart(text, cursor) };
    case "word-right":
      return { ...state, cursor: wordEnd(text, cursor) };
    case "home":
      return { ...state, cursor: lineStart };
    case "end":
      return { ...state, cursor: lineEnd };
    default:
      return state;
  }
}

/** Up/Down move between the lines of a multi-line message, and past its ends through history. */
function moveVertically(state: LineState, direction: "up" | "down"): LineState {
  const { text, cursor } = state;
  const lineStart = text.lastIndexOf("\n", cursor - 1) + 1;
  const column = cursor - lineStart;
  if (direction === "up" && lineStart > 0) {
    const previousStart = text.lastIndexOf("\n", lineStart - 2) + 1;
    return { ...state, cursor: Math.min(previousStart + column, lineStart - 1) };
  }
  const nextBreak = text.indexOf("\n", cursor);
  if (direction === "down" && nextBreak !== -1) {
    const following = text.indexOf("\n", nextBreak + 1);
    const end = following === -1 ? text.length : following;
    return { ...state, cursor: Math.min(nextBreak + 1 + column, end) };
  }
  return browseHistory(state, direction);
}

function browseHistory(state: LineState, direction: "up" | "down"): LineState {
  const { history, historyIndex } = state;
  if (direction === "up") {
    if (history.length === 0 || historyIndex === 0) return state;
    const index = historyIndex === null ? history.length - 1 : historyIndex - 1;
    const draft = historyIndex === null ? state.text : state.draft;
    const text = history[index] ?? "";
    return { ...state, text, cursor: text.length, historyIndex: index, draft };
  }
  if (historyIndex === null) return state;
  const index = historyIndex + 1;
  if (index >= history.length) {
    return { ...state, text: state.draft, cursor: state.draft.length, historyIndex: null };
  }
  const text = history[index] ?? "";
  return { ...state, text, cursor: text.length, historyIndex: index };
}

function previousBoundary(text: string, cursor: number): number {
  if (cursor <= 0) return 0;
  const low = text.charCodeAt(cursor - 1);
  const isPair = low >= 0xdc00 && low <= 0xdfff && cursor >= 2;
  return isPair ? cursor - 2 : cursor - 1;
}

function nextBoundary(text: string, cursor: number): number {
  if (cursor >= text.length) return text.length;
  const code = text.codePointAt(cursor) ?? 0;
  return cursor + (code > 0xffff ? 2 : 1);
}

function wordStart(text: string, cursor: number): number {
  const before = text.slice(0, cursor);
  const match = /[^\s]*\s*$/.exec(before);
  return cursor - (match?.[0].length ?? 0);
}

function wordEnd(text: string, cursor: number): number {
  const match = /^\s*[^\s]*/.exec(text.slice(cursor));
  return cursor + (match?.[0].length ?? 0);
}
