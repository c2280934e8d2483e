import { describe, expect, it } from "vitest";
import { omissionNote, safeSlice, shortenMiddle } from "./truncate-text.js";

const hasLoneSurrogate = (text: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe("safeSlice", () => {
  it("slices plain text like String.slice", () => {
    expect(safeSlice("hello world", 0, 5)).toBe("hello");
    expect(safeSlice("hello world", 6)).toBe("world");
  });

  it("never cuts an emoji in half at either end", () => {
    const text = "ab🙂cd🙂";
    for (let start = 0; start <= text.length; start += 1) {
      for (let end = start; end <= text.length; end += 1) {
        expect(hasLoneSurrogate(safeSlice(text, start, end))).toBe(false);
      }
    }
    expect(safeSlice(text, 0, 3)).toBe("ab");
    expect(safeSlice(text, 3)).toBe("cd🙂");
    expect(safeSlice(text, 2)).toBe("🙂cd🙂");
  });

  it("clamps out-of-range indexes", () => {
    expect(safeSlice("abc", -5, 99)).toBe("abc");
    expect(safeSlice("abc", 2, 1)).toBe("");
  });
});

describe("shortenMiddle", () => {
  it("returns text within the limit unchanged", () => {
    expect(shortenMiddle("short", 10)).toBe("short");
  });

  it("keeps head and tail and states how much was omitted", () => {
    const text = `${"a".repeat(500)}${"-".repeat(1000)}${"z".repeat(500)}`;
    const shortened = shortenMiddle(text, 1000);
    expect(shortened.startsWith("a".repeat(500))).toBe(true);
    expect(shortened.endsWith("z".repeat(500))).toBe(true);
    expect(shortened).toContain(omissionNote(1000));
    expect(shortened).toContain("use the expand tool for the full output");
    expect(shortened).not.toContain("-");
  });

  it("moves the cuts to nearby line breaks", () => {
    const lines = Array.from({ length: 200 }, (_, index) => `line ${index} ${"x".repeat(20)}`);
    const shortened = shortenMiddle(lines.join("\n"), 1000);
    const [head, tail] = shortened.split(/\n\[… \d+ characters omitted[^\n]*\n/);
    expect(head?.split("\n").every((line) => /^line \d+ x{20}$/.test(line))).toBe(true);
    expect(tail?.split("\n").every((line) => /^line \d+ x{20}$/.test(line))).toBe(true);
  });

  it("accounts for every character: kept + omitted = original", () => {
    const text = "🙂".repeat(700);
    const shortened = shortenMiddle(text, 301);
    const omitted = Number(/\[… (\d+) characters omitted/.exec(shortened)?.[1]);
    const kept = shortened.replace(omissionNote(omitted), "");
    expect(kept.length + omitted).toBe(text.length);
    expect(hasLoneSurrogate(kept)).toBe(false);
    expect(kept.length).toBeLessThanOrEqual(301);
  });
});
