import { describe, expect, it } from "vitest";
import { parseTelegramHtml } from "../../../test/fakes/fake-telegram-server.js";
import { htmlToPlainText, renderTelegramHtml } from "./render-reply.js";

/** The text a Telegram user would see, via the fake server's HTML parser (which also validates). */
function visible(html: string): string {
  const parsed = parseTelegramHtml(html);
  if ("error" in parsed) throw new Error(`${parsed.error} in ${JSON.stringify(html)}`);
  return parsed.text;
}

/** A deterministic pseudo-random generator (mulberry32) for property-style tests. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe("renderTelegramHtml", () => {
  it("escapes &, < and > so comparisons survive", () => {
    const html = renderTelegramHtml("a < b && c > d");
    expect(html).toBe("a &lt; b &amp;&amp; c &gt; d");
    expect(visible(html)).toBe("a < b && c > d");
  });

  it("renders bold, italic, strikethrough, inline code and links", () => {
    expect(renderTelegramHtml("**bold** and *it* and _it_ and ~~gone~~")).toBe(
      "<b>bold</b> and <i>it</i> and <i>it</i> and <s>gone</s>",
    );
    expect(renderTelegramHtml("run `a<b && c`")).toBe("run <code>a&lt;b &amp;&amp; c</code>");
    expect(renderTelegramHtml("[the docs](https://example.com/a?b=1&c=2)")).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2">the docs</a>',
    );
  });

  it("keeps unbalanced markup as literal text", () => {
    expect(renderTelegramHtml("**bold")).toBe("**bold");
    expect(renderTelegramHtml("a * b * c")).toBe("a * b * c");
    expect(renderTelegramHtml("`open code")).toBe("`open code");
    expect(renderTelegramHtml("```\nnever closed")).toBe("```\nnever closed");
    expect(visible(renderTelegramHtml("x **bold and `code"))).toBe("x **bold and `code");
  });

  it("leaves snake_case and list bullets alone", () => {
    expect(renderTelegramHtml("call some_function_name now")).toBe("call some_function_name now");
    expect(renderTelegramHtml("- one\n* two\n1. three")).toBe("- one\n* two\n1. three");
  });

  it("turns headings into bold lines and quotes into blockquotes", () => {
    expect(renderTelegramHtml("# Title\ntext")).toBe("<b>Title</b>\ntext");
    expect(renderTelegramHtml("> quoted <x>\n> more")).toBe(
      "<blockquote>quoted &lt;x&gt;\nmore</blockquote>",
    );
  });

  it("renders fenced code blocks with their language, escaped, without inline markup", () => {
    const html = renderTelegramHtml("before\n```ts\nconst a = b < c && **d**;\n```\nafter");
    expect(html).toBe(
      'before\n<pre><code class="language-ts">const a = b &lt; c &amp;&amp; **d**;</code></pre>\nafter',
    );
  });

  it("refuses links with unsafe schemes", () => {
    expect(renderTelegramHtml("[x](javascript:alert(1))")).toBe("[x](javascript:alert(1))");
  });

  it("always produces HTML Telegram accepts, keeping the words (random inputs)", () => {
    const pieces = [
      "**",
      "*",
      "_",
      "__",
      "~~",
      "`",
      "```",
      "[",
      "](",
      ")",
      "<",
      ">",
      "&",
      "#",
      "> ",
      "\n",
      "\n\n",
      " ",
      "word",
      "snake_case",
      "https://x.y",
      "😀",
      "&amp;",
      "<b>",
    ];
    const next = random(42);
    for (let round = 0; round < 500; round += 1) {
      let markdown = "";
      const length = 1 + Math.floor(next() * 30);
      for (let index = 0; index < length; index += 1) {
        markdown += pieces[Math.floor(next() * pieces.length)];
      }
      const text = visible(renderTelegramHtml(markdown));
      const words = markdown.match(/[a-z]{4,}/g) ?? [];
      for (const word of words) expect(text).toContain(word);
    }
  });
});

describe("htmlToPlainText", () => {
  it("drops tags and decodes entities", () => {
    expect(htmlToPlainText('<b>a &lt; b</b> <a href="https://x">&amp;</a>')).toBe("a < b &");
  });
});
