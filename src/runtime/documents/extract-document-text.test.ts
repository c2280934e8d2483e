import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildPdf,
  manyPagesPdf,
  operatorBombPdf,
  spacesBombPdf,
  textPage,
} from "../../../test/support/hostile-files.js";
import { extractDocumentText, extractPdfPages, parsePageRange } from "./extract-document-text.js";
import { ParseWorkers } from "./parse-workers.js";

const REPORT = readFileSync(join(import.meta.dirname, "../../../test/fixtures/media/report.pdf"));

describe("extractPdfPages", () => {
  const workers = new ParseWorkers();

  it("reads every page of a PDF, in order, numbered", async () => {
    const pdf = await extractPdfPages(REPORT, { workers });
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(pdf.pages[0]?.text).toContain("zephyr turbine");
    expect(pdf.cut).toBeUndefined();
  });

  it("reads only the pages asked for, and stops once the text passes maxChars", async () => {
    const bytes = buildPdf(["one", "two", "three", "four"].map((word) => textPage(`page ${word}`)));
    const some = await extractPdfPages(bytes, {
      workers,
      pages: [
        [3, 9],
        [2, 2],
      ],
    });
    expect(some.pages).toEqual([
      { number: 2, text: "page two" },
      { number: 3, text: "page three" },
      { number: 4, text: "page four" },
    ]);
    const short = await extractPdfPages(bytes, { workers, maxChars: 10 });
    expect(short.pages.map((page) => page.text)).toEqual(["page one", "page two"]);
    expect(short.cut).toBe("the text passed 10 characters");
  });

  it("refuses a PDF whose one content stream inflates to 100 MB, before pdf.js reads it", async () => {
    const bomb = spacesBombPdf();
    expect(bomb.length).toBeLessThan(400_000);
    await expect(extractPdfPages(bomb, { workers })).rejects.toMatchObject({
      code: "KERN_PARSE_LIMIT",
      message: expect.stringContaining("inflates past 64 MB"),
    });
    await expect(extractPdfPages(operatorBombPdf(), { workers })).rejects.toMatchObject({
      code: "KERN_PARSE_LIMIT",
    });
  });

  it("does not count an image's stream: a 100 MB scan beside the text is no bomb", async () => {
    const bytes = buildPdf(
      [textPage("the caption of the scan")],
      [Buffer.alloc(100 * 1024 * 1024)],
    );
    const pdf = await extractPdfPages(bytes, { workers });
    expect(pdf.pages).toEqual([{ number: 1, text: "the caption of the scan" }]);
  });

  it("keeps the pages read when the time runs out on a PDF of 20,000 pages", async () => {
    const pdf = await extractPdfPages(manyPagesPdf(20_000), { workers, timeMs: 8000 });
    expect(pdf.pageCount).toBe(20_000);
    expect(pdf.pages.length).toBeGreaterThan(0);
    expect(pdf.pages.length).toBeLessThanOrEqual(2000);
    expect(pdf.pages[0]).toEqual({ number: 1, text: "page 1" });
    expect(pdf.cut).toMatch(/took over 8 s; the text stops after page \d+|at most 2000 pages/);
  }, 30_000);

  it("says a PDF pdf.js cannot open is damaged, and ends when cancelled", async () => {
    const damaged = Buffer.from("%PDF-1.4\nnot really a pdf\n");
    await expect(extractPdfPages(damaged, { workers })).rejects.toMatchObject({
      code: "KERN_MEDIA_UNSUPPORTED",
    });
    const controller = new AbortController();
    const reading = extractPdfPages(manyPagesPdf(5000), { workers, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(reading).rejects.toMatchObject({ code: "KERN_UNAVAILABLE" });
  }, 30_000);

  it("gives a text file whole as page 1", async () => {
    const text = await extractDocumentText(Buffer.from("plain words"), "text/plain", { workers });
    expect(text.pages).toEqual([{ number: 1, text: "plain words" }]);
  });
});

describe("parsePageRange", () => {
  it("reads ranges and single pages; refuses anything else", () => {
    expect(parsePageRange("2-4, 7")).toEqual([
      [2, 4],
      [7, 7],
    ]);
    for (const bad of ["", "0", "3-1", "a", "1-"]) {
      expect(() => parsePageRange(bad)).toThrow(expect.objectContaining({ code: "KERN_USAGE" }));
    }
  });
});
