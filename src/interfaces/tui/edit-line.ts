// The input line's editing rules, as a pure function of (line, key): typing, pasting, Backspace
// (which terminals send as `delete`), Ctrl-U/Ctrl-W, Enter to send, Esc to cancel. No ink.

/** The subset of ink's `Key` the input line looks at. */
export interface KeyPress {
  return: boolean;
  escape: boolean;
  backspace: boolean;
  delete: boolean;
  ctrl: boolean;
  meta: boolean;
  tab: boolean;
  upArrow: boolean;
  downArrow: boolean;
  leftArrow: boolean;
  rightArrow: boolean;
  pageUp: boolean;
  pageDown: boolean;
}

export interface LineEdit {
  value: string;
  /** `submit` carries the line as it was before Enter cleared it. */
  action: { type: "submit"; text: string } | { type: "cancel" } | null;
}

export function editLine(value: string, input: string, key: KeyPress): LineEdit {
  if (key.return) return { value: "", action: { type: "submit", text: value } };
  if (key.escape) return { value, action: { type: "cancel" } };
  if (key.backspace || key.delete) return { value: dropLast(value), action: null };
  if (key.ctrl) {
    if (input === "u") return { value: "", action: null };
    if (input === "w") return { value: value.replace(/\S*\s*$/, ""), action: null };
    return { value, action: null };
  }
  const ignored = key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow;
  if (ignored || key.rightArrow || key.pageUp || key.pageDown) return { value, action: null };
  // Pasted text may hold line breaks and control bytes: keep it on one line, printable only.
  const printable = input.replace(/\r\n|\r|\n/g, " ").replace(/\p{Cc}/gu, "");
  return { value: value + printable, action: null };
}

function dropLast(value: string): string {
  const characters = Array.from(value); // a surrogate pair is one character
  return characters.slice(0, -1).join("");
}
