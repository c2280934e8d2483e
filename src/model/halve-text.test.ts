import { describe, expect, it } from "vitest";
import { halveText, replaceLoneSurrogates } from "./index.js";

describe("halveText", () => {
  it("keeps the first half", () => {
    expect(halveText("abcdef")).toBe("abc");
    expect(halveText("a")).toBe("");
  });

  it("cuts before a surrogate pair, never inside it", () => {
    expect(halveText("ab😀cd")).toBe("ab");
    expect(halveText("😀😀😀")).toBe("😀");
  });
});

describe("replaceLoneSurrogates", () => {
  it("replaces unpaired halves and keeps pairs", () => {
    expect(replaceLoneSurrogates("a\uD83Db")).toBe("a\uFFFDb");
    expect(replaceLoneSurrogates("a\uDE00b\uD83D")).toBe("a\uFFFDb\uFFFD");
    expect(replaceLoneSurrogates("ok 😀")).toBe("ok 😀");
  });
});
