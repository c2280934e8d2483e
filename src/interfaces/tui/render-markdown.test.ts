import { describe, expect, it } from "vitest";
import { renderInline, renderMarkdown } from "./render-markdown.js";

describe("renderInline", () => {
  it("styles bold, italic, inline code and links", () => {
    expect(renderInline("a **b** *c* `d` [e](http://f) __g__ _h_")).toEqual([
      { text: "a ", style: "plain" },
      { text: "b", style: "bold" },
      { text: " ", style: "plain" },
      { text: "c", style: "italic" },
      { text: " ", style: "plain" },
      { text: "d", style: "code" },
      { text: " ", style: "plain" },
      { text: "e", style: "link" },
      { text: " (http://f)", style: "dim" },
      { text: " ", style: "plain" },
      { text: "g", style: "bold" },
      { text: " ", style: "plain" },
      { text: "h", style: "italic" },
    ]);
  });

  it("leaves snake_case, lone stars and unclosed markers alone", () => {
    expect(renderInline("snake_case_name and 2 * 3 and **open")).toEqual([
      { text: "snake_case_name and 2 * 3 and **open", style: "plain" },
    ]);
  });

  it("does not style markup inside inline code", () => {
    expect(renderInline("`**x**`")).toEqual([{ text: "**x**", style: "code" }]);
  });
});

describe("renderMarkdown", () => {
  it("renders headings, lists, quotes and rules", () => {
    const lines = renderMarkdown("# Title\n- one\n  * two\n3. three\n> said\n---");
    expect(lines.map((line) => line.kind)).toEqual([
      "heading",
      "text",
      "text",
      "text",
      "quote",
      "rule",
    ]);
    expect(lines[1]?.spans[0]?.text).toBe("• ");
    expect(lines[2]?.spans[0]?.text).toBe("  • ");
    expect(lines[3]?.spans[0]?.text).toBe("3. ");
  });

  it("keeps fenced code verbatim, with its language, and collapses blank lines outside it", () => {
    const lines = renderMarkdown("a\n\n\n\n```ts\nconst **x** = 1;\n\n\n```\nb");
    expect(lines).toEqual([
      { kind: "text", spans: [{ text: "a", style: "plain" }] },
      { kind: "text", spans: [] },
      { kind: "fence", spans: [{ text: "ts", style: "dim" }] },
      { kind: "code", spans: [{ text: "const **x** = 1;", style: "code" }] },
      { kind: "code", spans: [{ text: "", style: "code" }] },
      { kind: "code", spans: [{ text: "", style: "code" }] },
      { kind: "text", spans: [{ text: "b", style: "plain" }] },
    ]);
  });

  it("treats an unclosed fence (a reply still streaming) as code to the end", () => {
    const lines = renderMarkdown("```\nline one\nline **two**");
    expect(lines.map((line) => line.kind)).toEqual(["code", "code"]);
  });

  it("nests lists under their items, numbering from the list's start", () => {
    const text = (source: string) =>
      renderMarkdown(source).map((line) => line.spans.map((span) => span.text).join(""));
    expect(text("1. one\n   - a\n   - [x] b\n2. two")).toEqual([
      "1. one",
      "   • a",
      "   • ☑ b",
      "2. two",
    ]);
  });

  it("lays tables out as aligned columns with a bold header", () => {
    const lines = renderMarkdown("| name | n |\n|---|---|\n| alpha | 1 |\n| b | 22 |");
    expect(lines.map((line) => line.spans.map((span) => span.text).join(""))).toEqual([
      "name  │ n ",
      "──────┼───",
      "alpha │ 1 ",
      "b     │ 22",
    ]);
    expect(lines[0]?.spans[0]).toEqual({ text: "name ", style: "bold" });
  });
});
