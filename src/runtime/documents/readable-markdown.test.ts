import { describe, expect, it } from "vitest";
import { bigTableHtml, nestedDivsHtml } from "../../../test/support/hostile-files.js";
import { ParseWorkers } from "./parse-workers.js";
import { readableMarkdown } from "./readable-markdown.js";

const URL = "https://example.org/page";
const ARTICLE = `<!doctype html><html><head><title>Wind report</title></head><body>
<nav><a href="/">home</a></nav>
<article><h1>Wind report</h1>
<p>${"The zephyr turbine output rose by 14 percent over the quarter, and the second site followed. ".repeat(4)}</p>
<ul><li>first point<li>second point</ul></article></body></html>`;

describe("readableMarkdown", () => {
  const workers = new ParseWorkers();
  const options = () => ({ workers, signal: new AbortController().signal });

  it("makes Markdown of an ordinary page's article", async () => {
    const page = await readableMarkdown(ARTICLE, URL, options());
    expect(page.title).toBe("Wind report");
    expect(page.markdown).toContain("zephyr turbine output rose by 14 percent");
    expect(page.markdown).toMatch(/^- +first point$/m);
    expect(page.markdown).not.toContain("plain text");
  });

  it("gives a 200,000-deep page as its plain text, saying why", async () => {
    const page = await readableMarkdown(nestedDivsHtml(200_000), URL, options());
    expect(page.title).toBe("Nested");
    expect(page.markdown).toMatch(
      /^\(plain text: the page has 200\d+ elements nested 200\d+ deep; kern makes Markdown of pages up to 50000 elements and 512 levels\)/,
    );
    expect(page.markdown).toContain("deep inside the page");
  });

  it("gives a table of 200,000 cells as plain text too", async () => {
    const page = await readableMarkdown(bigTableHtml(70_000), URL, options());
    expect(page.markdown).toMatch(/^\(plain text: the page has \d+ elements nested \d deep/);
    expect(page.markdown).toContain("69999\ncell text\nmore");
  });

  it("strips scripts, styles and comments from the plain text and decodes entities", async () => {
    const html = `<html><head><title>A &amp; B</title><style>p { color: red }</style></head><body>${"<div>".repeat(600)}<script>alert("x < y")</script><!-- hidden -->Fish &amp; chips &#8364;5 &#x41;&nbsp;<b>bold</b>text${"</div>".repeat(600)}</body></html>`;
    const page = await readableMarkdown(html, URL, options());
    expect(page.title).toBe("A & B");
    expect(page.markdown.split("\n\n")[1]).toBe("Fish & chips €5 A boldtext");
  });

  it("counts implied end tags as a browser does: 5,000 unclosed <p> and <li> are not deep", async () => {
    const items = `${"<p>a paragraph of words ".repeat(2500)}<ul>${"<li>an item ".repeat(2500)}</ul>`;
    const html = `<html><head><title>Loose</title></head><body><main>${items}</main></body></html>`;
    const page = await readableMarkdown(html, URL, options());
    expect(page.markdown).not.toContain("plain text");
    expect(page.markdown).toContain("an item");
  });

  it("ends when the turn is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      readableMarkdown(ARTICLE, URL, { workers, signal: controller.signal }),
    ).rejects.toMatchObject({ code: "KERN_TOOL_FAILED" });
  });
});
