// Turns one raw input event from the terminal (ink splits stdin into text runs and escape
// sequences) into what the line editor understands: text to insert or a named key. Covers the
// sequences xterm, tmux, VTE and macOS terminals send for arrows, word jumps, Home/End, Alt-Enter
// and bracketed paste (ESC[200~ … ESC[201~). Pure.

export type EditorKeyName =
  | "enter"
  | "newline"
  | "backspace"
  | "delete"
  | "delete-word-back"
  | "delete-to-start"
  | "delete-to-end"
  | "left"
  | "right"
  | "word-left"
  | "word-right"
  | "home"
  | "end"
  | "up"
  | "down"
  | "tab"
  | "escape"
  | "interrupt"
  | "paste-start"
  | "paste-end";

export type EditorInput = { type: "text"; text: string } | { type: "key"; name: EditorKeyName };

const SEQUENCES: Record<string, EditorKeyName> = {
  "\r": "enter",
  "\n": "newline",
  "\x1b\r": "newline",
  "\x1b\n": "newline",
  "\x1b[13;2u": "newline",
  "\x1b[27;2;13~": "newline",
  "\x7f": "backspace",
  "\b": "backspace",
  "\x1b\x7f": "delete-word-back",
  "\x1b\b": "delete-word-back",
  "\x17": "delete-word-back",
  "\x15": "delete-to-start",
  "\x0b": "delete-to-end",
  "\x1b[3~": "delete",
  "\x04": "delete",
  "\x1b[D": "left",
  "\x1bOD": "left",
  "\x02": "left",
  "\x1b[C": "right",
  "\x1bOC": "right",
  "\x06": "right",
  "\x1b[1;5D": "word-left",
  "\x1b[1;3D": "word-left",
  "\x1bb": "word-left",
  "\x1b[1;5C": "word-right",
  "\x1b[1;3C": "word-right",
  "\x1bf": "word-right",
  "\x1b[H": "home",
  "\x1bOH": "home",
  "\x1b[1~": "home",
  "\x1b[7~": "home",
  "\x01": "home",
  "\x1b[F": "end",
  "\x1bOF": "end",
  "\x1b[4~": "end",
  "\x1b[8~": "end",
  "\x05": "end",
  "\x1b[A": "up",
  "\x1bOA": "up",
  "\x10": "up",
  "\x1b[B": "down",
  "\x1bOB": "down",
  "\x0e": "down",
  "\t": "tab",
  "\x1b": "escape",
  "\x03": "interrupt",
  "\x1b[200~": "paste-start",
  "\x1b[201~": "paste-end",
};

/**
 * Decodes one raw event. Inside a bracketed paste every byte is text. Outside one, a run of
 * several characters is typing that arrived at once (over ssh, on a busy machine, or a paste
 * from a terminal without bracketed paste): its line breaks are kept as newlines, a Tab in it is
 * the Tab key (`/sta` + Tab completes), and a final CR is the Enter key that followed.
 */
export function decodeInput(raw: string, pasting: boolean): EditorInput[] {
  if (pasting && raw !== "\x1b[201~") return [{ type: "text", text: printable(raw) }];
  const name = SEQUENCES[raw];
  if (name) return [{ type: "key", name }];
  if (raw.startsWith("\x1b")) return []; // a key the editor does not use (F1, Insert…)
  const submits = raw.length > 1 && raw.endsWith("\r");
  const body = submits ? raw.slice(0, -1) : raw;
  const decoded: EditorInput[] = [];
  body.split("\t").forEach((part, index) => {
    if (index > 0) decoded.push({ type: "key", name: "tab" });
    const text = printable(part);
    if (text) decoded.push({ type: "text", text });
  });
  if (submits) decoded.push({ type: "key", name: "enter" });
  return decoded;
}

/** Line breaks as \n; other control bytes (a stray escape) dropped; tabs kept (in a paste). */
function printable(text: string): string {
  return text.replace(/\r\n|\r/g, "\n").replace(/[^\P{Cc}\n\t]/gu, "");
}
