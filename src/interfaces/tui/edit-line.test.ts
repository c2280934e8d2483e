import { describe, expect, it } from "vitest";
import { editLine, type KeyPress } from "./edit-line.js";

const none: KeyPress = {
  return: false,
  escape: false,
  backspace: false,
  delete: false,
  ctrl: false,
  meta: false,
  tab: false,
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageUp: false,
  pageDown: false,
};

describe("editLine", () => {
  it("types, and submits the line on Enter, leaving it empty", () => {
    expect(editLine("hel", "lo", none)).toEqual({ value: "hello", action: null });
    expect(editLine("hello", "", { ...none, return: true })).toEqual({
      value: "",
      action: { type: "submit", text: "hello" },
    });
  });

  it("erases one character on Backspace, whether it arrives as backspace or delete", () => {
    expect(editLine("ab😀", "", { ...none, delete: true }).value).toBe("ab");
    expect(editLine("ab", "", { ...none, backspace: true }).value).toBe("a");
  });

  it("cancels on Esc without touching the line", () => {
    expect(editLine("draft", "", { ...none, escape: true, meta: true })).toEqual({
      value: "draft",
      action: { type: "cancel" },
    });
  });

  it("clears with Ctrl-U, erases a word with Ctrl-W and ignores other control keys", () => {
    expect(editLine("one two", "u", { ...none, ctrl: true }).value).toBe("");
    expect(editLine("one two ", "w", { ...none, ctrl: true }).value).toBe("one ");
    expect(editLine("x", "a", { ...none, ctrl: true }).value).toBe("x");
    expect(editLine("x", "", { ...none, upArrow: true }).value).toBe("x");
  });

  it("keeps pasted text on one line without control bytes", () => {
    expect(editLine("", "a\r\nb\tc\u0007", none).value).toBe("a bc");
  });
});
