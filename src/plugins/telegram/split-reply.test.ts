import { describe, expect, it } from "vitest";
import { parseTelegramHtml } from "../../../test/fakes/fake-telegram-server.js";
import { seededRandom } from "../../../test/support/seeded-random.js";
import { renderTelegramHtml } from "./render-reply.js";
import { splitReply, TELEGRAM_MESSAGE_LIMIT } from "./split-reply.js";

function randomText(next: () => number, length: number): string {
  const pieces = ["word", "a", "longerword", " ", " ", "\n", "\n\n", "😀", "<", "a < b", "&", "é"];
  let text = "";
  while (text.length < length) text += pieces[Math.floor(next() * pieces.length)];
  return text;
}

function visible(html: string): string {
  const parsed = parseTelegramHtml(html);
  if ("error" in parsed) throw new Error(`${parsed.error} in ${JSON.stringify(html.slice(0, 80))}`);
  return parsed.text;
}

const isLoneSurrogate = (text: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe("splitReply", () => {
  it("returns short text as one chunk and nothing for empty text", () => {
    expect(splitReply("hello")).toEqual(["hello"]);
    expect(splitReply("")).toEqual([]);
  });

  it("loses no character of plain text and keeps every chunk within the limit", () => {
    const next = seededRandom(7);
    for (let round = 0; round < 60; round += 1) {
      const limit = 20 + Math.floor(next() * 200);
      const text = randomText(next, Math.floor(next() * 2000));
      const chunks = splitReply(text, limit);
      expect(chunks.join("")).toBe(text);
      for (const chunk of chunks) {
        expect(chunk.length).toBeLessThanOrEqual(limit);
        expect(isLoneSurrogate(chunk)).toBe(false);
      }
    }
  });

  it("splits a 10,000-character reply into chunks of at most 4096", () => {
    const text = randomText(seededRandom(3), 10_000);
    const chunks = splitReply(text);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.join("")).toBe(text);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_LIMIT);
  });

  it("prefers a paragraph break, then a newline, then a space", () => {
    expect(splitReply("aaaa bbbb\n\ncccc dddd eeee", 16)).toEqual([
      "aaaa bbbb\n\n",
      "cccc dddd eeee",
    ]);
    expect(splitReply("aaaa bbbb\ncccc dddd", 12)).toEqual(["aaaa bbbb\n", "cccc dddd"]);
    expect(splitReply("aaaa bbbb cccc", 12)).toEqual(["aaaa bbbb ", "cccc"]);
    expect(splitReply("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
  });

  it("does not send a short heading as a message of its own", () => {
    const text = `Title\n\n${"word ".repeat(10)}`;
    expect(splitReply(text, 30)).toEqual([
      "Title\n\nword word word word ",
      "word word word word word word ",
    ]);
  });

  it("never cuts inside a surrogate pair, an entity or a tag", () => {
    expect(splitReply("😀😀😀", 3)).toEqual(["😀", "😀", "😀"]);
    expect(splitReply("ab&amp;cd", 4)).toEqual(["ab", "&amp;", "cd"]);
    const chunks = splitReply('x <a href="https://example.com">link</a> y', 12);
    for (const chunk of chunks) visible(chunk);
  });

  it("moves a code block whole to the next message when it fits there", () => {
    const code = `<pre>${"line of code\n".repeat(5)}</pre>`;
    const chunks = splitReply(`intro text\n${code}`, code.length + 5);
    expect(chunks).toEqual(["intro text\n", code]);
  });

  it("closes and reopens a code block that must be split", () => {
    const html = renderTelegramHtml(`\`\`\`python\n${"print('a < b')\n".repeat(40)}\`\`\``);
    const chunks = splitReply(html, 200);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(200);
      expect(chunk.startsWith('<pre><code class="language-python">')).toBe(true);
      expect(chunk.endsWith("</code></pre>")).toBe(true);
    }
    expect(chunks.map(visible).join("")).toBe(visible(html));
  });

  it("keeps rendered HTML valid and its visible text whole (random inputs)", () => {
    const next = seededRandom(11);
    const pieces = [
      "**bold words**",
      "*it*",
      "`co de`",
      "plain words ",
      "\n",
      "\n\n",
      "a < b",
      "[l](https://x.y)",
      "```js\nx = 1 < 2\ny\n```\n",
      "😀",
      "&&",
      "# head\n",
    ];
    for (let round = 0; round < 60; round += 1) {
      let markdown = "";
      while (markdown.length < 600) markdown += pieces[Math.floor(next() * pieces.length)];
      const html = renderTelegramHtml(markdown);
      const limit = 60 + Math.floor(next() * 100);
      const chunks = splitReply(html, limit);
      for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(limit);
      expect(chunks.map(visible).join("")).toBe(visible(html));
    }
  });
});
