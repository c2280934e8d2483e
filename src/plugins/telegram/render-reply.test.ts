import { describe, expect, it } from "vitest";
import { parseTelegramHtml } from "../../../test/fakes/fake-telegram-server.js";
import { seededRandom } from "../../../test/support/seeded-random.js";
import { htmlToPlainText, renderTelegramHtml } from "./render-reply.js";
import { splitReply, TELEGRAM_MESSAGE_LIMIT } from "./split-reply.js";

/** The text a Telegram user would see, via the fake server's HTML parser (which also validates). */
function visible(html: string): string {
  const parsed = parseTelegramHtml(html);
  if ("error" in parsed) throw new Error(`${parsed.error} in ${JSON.stringify(html)}`);
  return parsed.text;
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
    expect(visible(renderTelegramHtml("x **bold and `code"))).toBe("x **bold and `code");
  });

  it("shows escaped markup as the literal characters, without backslashes", () => {
    expect(renderTelegramHtml("\\*not bold\\*")).toBe("*not bold*");
    expect(renderTelegramHtml("\\_\\_init\\_\\_ and 2 \\* 3")).toBe("__init__ and 2 * 3");
    expect(renderTelegramHtml("\\`not code\\`")).toBe("`not code`");
  });

  it("renders a fence still open (a reply streaming) as code to the end", () => {
    expect(renderTelegramHtml("```\nnever closed")).toBe("<pre>never closed</pre>");
  });

  it("leaves snake_case alone and makes list items bullet lines", () => {
    expect(renderTelegramHtml("call some_function_name now")).toBe("call some_function_name now");
    expect(renderTelegramHtml("- one\n* two\n3. three")).toBe("• one\n• two\n3. three");
    expect(renderTelegramHtml("- a **b**\n  - nested\n- [x] done\n- [ ] open")).toBe(
      "• a <b>b</b>\n  • nested\n☑ done\n☐ open",
    );
  });

  it("renders a table as a <pre> block with aligned columns, cells without markup", () => {
    const html = renderTelegramHtml(
      "Results:\n\n| name | runs |\n| --- | ---: |\n| **ada** | 1 |\n| b<c | 22 |",
    );
    expect(html).toBe("Results:\n\n<pre>name | runs\n-----+-----\nada  | 1\nb&lt;c  | 22</pre>");
    expect(visible(html)).toBe("Results:\n\nname | runs\n-----+-----\nada  | 1\nb<c  | 22");
  });

  it("splits a table longer than one message into <pre> chunks that each parse, losing no row", () => {
    const rows = Array.from({ length: 300 }, (_, index) => `| row-${index} | ${"x".repeat(20)} |`);
    const html = renderTelegramHtml(`| name | value |\n| --- | --- |\n${rows.join("\n")}`);
    const chunks = splitReply(html);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
      expect(chunk.startsWith("<pre>") && chunk.endsWith("</pre>")).toBe(true);
    }
    const text = chunks.map(visible).join("\n");
    for (let index = 0; index < 300; index += 1) expect(text).toContain(`row-${index} `);
  });

  it("keeps blank lines between paragraphs and a rule as a line", () => {
    expect(renderTelegramHtml("one\n\ntwo\n\n---\n\nthree")).toBe(
      "one\n\ntwo\n\n──────────\n\nthree",
    );
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

  it("puts only a plain language name into the class attribute", () => {
    expect(renderTelegramHtml('```a"b\nx\n```')).toBe("<pre>x</pre>");
  });

  it("does not nest blockquotes, which Telegram refuses", () => {
    const html = renderTelegramHtml("> outer\n>\n> > inner");
    expect(html.match(/<blockquote>/g)).toHaveLength(1);
    expect(visible(html)).toContain("inner");
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
    const next = seededRandom(42);
    for (let round = 0; round < 2000; round += 1) {
      let markdown = "";
      const length = 1 + Math.floor(next() * 30);
      for (let index = 0; index < length; index += 1) {
        markdown += pieces[Math.floor(next() * pieces.length)];
      }
      const text = visible(renderTelegramHtml(markdown));
      // A fence's info string and a link's target are not text in Markdown (on the web page and
      // in the TUI neither): every other word must be visible.
      const shown = markdown.replace(/(```|~~~)[^\n]*/g, "$1").replace(/\]\([^)]*\)/g, "](");
      const words = shown.match(/[a-z]{4,}/g) ?? [];
      for (const word of words) expect(text).toContain(word);
    }
  });
});

describe("htmlToPlainText", () => {
  it("drops tags and decodes entities", () => {
    expect(htmlToPlainText('<b>a &lt; b</b> <a href="https://x">&amp;</a>')).toBe("a < b &");
  });

  it("is what Telegram would show for a rendered reply (the plain-text fallback)", () => {
    const markdown =
      "# Plan\n\n- **ship** `a<b`\n- [docs](https://x.y/?a=1&b=2)\n\n> note & more\n\n" +
      '| k | v |\n| - | - |\n| x | 1 |\n\n```sh\necho "<hi>"\n```';
    const html = renderTelegramHtml(markdown);
    expect(htmlToPlainText(html)).toBe(visible(html));
  });
});
