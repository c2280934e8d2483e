import { describe, expect, it } from "vitest";
import { decodeInput } from "./decode-input.js";
import { createLineState, editLine, type LineAction, type LineState } from "./edit-line.js";

const COMMANDS = ["status", "segments", "recall", "pair"];

/** Feeds raw terminal input events (as ink splits them) through decode + edit. */
function feed(events: string[], start: LineState = createLineState()) {
  let state = start;
  const actions: LineAction[] = [];
  for (const raw of events) {
    for (const input of decodeInput(raw, state.pasting)) {
      const edit = editLine(state, input, COMMANDS);
      state = edit.state;
      if (edit.action) actions.push(edit.action);
    }
  }
  return { state, actions };
}

const LEFT = "\x1b[D";
const UP = "\x1b[A";
const DOWN = "\x1b[B";

describe("the line editor", () => {
  it("inserts at the cursor: helo, Left, l, Enter sends hello", () => {
    const { state, actions } = feed(["h", "e", "l", "o", LEFT, "l", "\r"]);
    expect(actions).toEqual([{ type: "submit", text: "hello" }]);
    expect(state.text).toBe("");
    expect(state.history).toEqual(["hello"]);
  });

  it("jumps and deletes by word, and to the line's ends", () => {
    const typed = feed(["one two three"]).state;
    expect(feed(["\x1bb", "\x1bb", "X"], typed).state.text).toBe("one Xtwo three");
    expect(feed(["\x1b[1;5D", "\x0b"], typed).state.text).toBe("one two ");
    expect(feed(["\x17"], typed).state.text).toBe("one two ");
    expect(feed(["\x01", "\x1b[3~", "\x05", "!"], typed).state.text).toBe("ne two three!");
    expect(feed(["\x1b[1;5D", "\x15"], typed).state.text).toBe("three");
  });

  it("erases whole characters, also astral ones", () => {
    expect(feed(["ab😀", "\x7f"]).state.text).toBe("ab");
    expect(feed(["a😀b", LEFT, "\x7f"]).state.text).toBe("ab");
    expect(feed(["a😀b", LEFT, LEFT, "X"]).state.text).toBe("aX😀b");
  });

  it("walks the history with Up and Down and gives the draft back", () => {
    const sent = feed(["first", "\r", "second", "\r", "dra"]).state;
    const up = feed([UP], sent).state;
    expect(up.text).toBe("second");
    expect(feed([UP, UP], sent).state.text).toBe("first");
    expect(feed([UP, UP, UP], sent).state.text).toBe("first");
    expect(feed([UP, DOWN], sent).state.text).toBe("dra");
  });

  it("keeps a bracketed paste verbatim, line breaks included, and sends it as is", () => {
    const { state, actions } = feed(["\x1b[200~", "one\r\ntwo\rthree", "\x1b[201~"]);
    expect(state.text).toBe("one\ntwo\nthree");
    expect(actions).toEqual([]);
    expect(feed(["\r"], state).actions).toEqual([{ type: "submit", text: "one\ntwo\nthree" }]);
  });

  it("treats typing that arrives at once with a final CR as text, then Enter", () => {
    expect(feed(["a\rb\r"]).actions).toEqual([{ type: "submit", text: "a\nb" }]);
  });

  it("starts a new line on Alt-Enter, Ctrl-J or a trailing backslash; Up moves inside it", () => {
    const { state } = feed(["ab", "\x1b\r", "cd", "\n", "ef\\", "\r", "g"]);
    expect(state.text).toBe("ab\ncd\nef\ng");
    const moved = feed([UP, "X"], state).state;
    expect(moved.text).toBe("ab\ncd\neXf\ng");
  });

  it("completes slash commands with Tab, listing the choices when ambiguous", () => {
    expect(feed(["/sta", "\t"]).state.text).toBe("/status");
    const ambiguous = feed(["/s", "\t"]).state;
    expect(ambiguous.text).toBe("/s");
    expect(ambiguous.completions).toEqual(["/segments", "/status"]);
    expect(feed(["hello /sta", "\t"]).state.text).toBe("hello /sta");
  });

  it("completes when the text and the Tab arrive in one read (ssh, a busy machine)", () => {
    expect(feed(["/sta\t"]).state.text).toBe("/status");
    expect(feed(["/sta\t\r"]).actions).toEqual([{ type: "submit", text: "/status" }]);
    expect(feed(["/s\t"]).state.completions).toEqual(["/segments", "/status"]);
  });

  it("keeps the tabs of a bracketed paste as text", () => {
    expect(feed(["\x1b[200~", "a\tb", "\x1b[201~"]).state.text).toBe("a\tb");
  });

  it("reports Esc and Ctrl-C to the caller and ignores keys it does not use", () => {
    expect(feed(["\x1b", "\x03"]).actions).toEqual([{ type: "escape" }, { type: "interrupt" }]);
    expect(feed(["a", "\x1b[15~", "b"]).state.text).toBe("ab");
  });
});
