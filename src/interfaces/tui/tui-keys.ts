// The keys of the TUI's input line, as `kern tui --help` and the terminal's /help list them, each
// with the editor keys it names (decode-input.ts), so a test can hold the list to the decoder.
// Pure data: the CLI imports it without loading ink.
import type { EditorKeyName } from "./decode-input.js";

export interface TuiKey {
  keys: string;
  does: string;
  names: readonly EditorKeyName[];
}

export const TUI_KEYS: readonly TuiKey[] = [
  { keys: "Enter", does: "send", names: ["enter"] },
  { keys: "Alt-Enter Ctrl-J", does: "new line (so does a trailing \\)", names: ["newline"] },
  { keys: "Tab", does: "complete a /command", names: ["tab"] },
  { keys: "↑ ↓ Ctrl-P Ctrl-N", does: "the message's lines, then history", names: ["up", "down"] },
  { keys: "← → Ctrl-B Ctrl-F", does: "move", names: ["left", "right"] },
  {
    keys: "Alt-← Alt-→ Alt-B Alt-F",
    does: "by word (Ctrl-← Ctrl-→ too)",
    names: ["word-left", "word-right"],
  },
  { keys: "Home End Ctrl-A Ctrl-E", does: "line start / end", names: ["home", "end"] },
  {
    keys: "Backspace Delete Ctrl-D",
    does: "delete back / forward",
    names: ["backspace", "delete"],
  },
  { keys: "Ctrl-W Alt-Backspace", does: "delete a word back", names: ["delete-word-back"] },
  {
    keys: "Ctrl-U Ctrl-K",
    does: "delete to line start / end",
    names: ["delete-to-start", "delete-to-end"],
  },
  { keys: "Esc", does: "cancel the running turn", names: ["escape"] },
  {
    keys: "Ctrl-C",
    does: "clear the line, else quit (asks while a turn runs)",
    names: ["interrupt"],
  },
  {
    keys: "paste",
    does: "inserted as written, line breaks kept",
    names: ["paste-start", "paste-end"],
  },
];

/** The keys as indented lines of `keys  what they do`, the key column aligned. */
export function formatTuiKeys(indent = "  "): string[] {
  const width = Math.max(...TUI_KEYS.map((key) => key.keys.length));
  return TUI_KEYS.map((key) => `${indent}${key.keys.padEnd(width)}  ${key.does}`);
}
