// The text of a stored document: the pages of a PDF (unpdf, pdf.js underneath; text only, no
// scripts run, no fonts fetched), read in a worker with budgets (parse-workers.ts, the caps in
// pdf-text-worker.ts), or a UTF-8 text file as it is. Used at intake, by webfetch and the pdf tool.
import { createRequire } from "node:module";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import type { ParseEnd, ParseWorkers } from "./parse-workers.js";
import { PDF_TEXT_WORKER_SOURCE } from "./pdf-text-worker.js";

export interface DocumentText {
  /** The pages read, in order (a text file is one page, number 1). */
  pages: Array<{ number: number; text: string }>;
  /** Pages in the PDF; undefined for text files. */
  pageCount?: number;
  /** Why the text stops before the last page asked for (a cap or a budget); undefined: whole. */
  cut?: string;
}

export interface ReadPdfOptions {
  workers: ParseWorkers;
  /** 1-based page intervals, `[first, last]`; default every page. */
  pages?: ReadonlyArray<readonly [number, number]>;
  /** Stop once this much text is read (a tool's result limit); default PDF_MAX_CHARS. */
  maxChars?: number;
  signal?: AbortSignal;
  /** Tests: a shorter time budget than PDF_BUDGET's. */
  timeMs?: number;
}

const MB = 1024 * 1024;
/**
 * Caps (docs/media.md, "Limits"). A content stream inflating past 64 MB is a bomb, not a page: a
 * dense engineering drawing is a few MB. The scan inflates at most 512 MB in all (~1 s); the rest
 * is left to the budgets. 2,000 pages and 4 M characters hold a long book; 30 s and a 192 MB heap
 * read a 500-page PDF on a busy 2-core machine with room to spare.
 */
const PDF_STREAM_CAP = 64 * MB;
const PDF_SCAN_CAP = 512 * MB;
const PDF_MAX_PAGES = 2000;
const PDF_MAX_CHARS = 4_000_000;
const PDF_BUDGET = { timeMs: 30_000, heapMb: 192 };

/** Where the worker loads unpdf from (a path: the worker is eval'd, it has no module of its own). */
function unpdfPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve("unpdf");
}

const pdfMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("scan-refused"), size: z.number() }),
  z.object({ type: z.literal("count"), pageCount: z.number().int() }),
  z.object({ type: z.literal("page"), number: z.number().int(), text: z.string() }),
  z.object({ type: z.literal("cut"), reason: z.enum(["pages", "chars"]) }),
]);

function limitText(end: ParseEnd & { kind: "limit" }, timeMs: number): string {
  return end.limit === "time"
    ? `reading it took over ${timeMs / 1000} s`
    : `reading it needed more memory than kern gives a parse (${PDF_BUDGET.heapMb} MB of heap)`;
}

function failure(end: ParseEnd, refusedSize: number | null, timeMs: number): KernError {
  if (refusedSize !== null) {
    return new KernError(
      "KERN_PARSE_LIMIT",
      `the PDF is not read: one of its streams inflates past ${PDF_STREAM_CAP / MB} MB (over ${Math.floor(refusedSize / MB)} MB; a compression bomb?)`,
    );
  }
  switch (end.kind) {
    case "limit":
      return new KernError("KERN_PARSE_LIMIT", `the PDF is not read: ${limitText(end, timeMs)}`);
    case "cancelled":
      return new KernError("KERN_UNAVAILABLE", "reading the PDF was cancelled");
    default:
      return new KernError(
        "KERN_MEDIA_UNSUPPORTED",
        `the PDF cannot be read (${end.kind === "failed" ? end.message : "no pages"}); is it damaged or encrypted?`,
      );
  }
}

/**
 * Reads a PDF's pages in a worker. Throws KERN_MEDIA_UNSUPPORTED for a PDF pdf.js cannot open,
 * KERN_PARSE_LIMIT when a cap or budget stops it before any page; one that stops it later gives
 * the pages read and `cut`.
 */
export async function extractPdfPages(
  bytes: Uint8Array,
  options: ReadPdfOptions,
): Promise<DocumentText> {
  const copy = new Uint8Array(bytes); // transferred to the worker: the caller keeps its own
  const timeMs = options.timeMs ?? PDF_BUDGET.timeMs;
  const text: DocumentText = { pages: [] };
  let refusedSize: number | null = null;
  const end = await options.workers.run({
    source: PDF_TEXT_WORKER_SOURCE,
    workerData: {
      bytes: copy,
      unpdf: unpdfPath(),
      wanted: options.pages ?? null,
      maxPages: PDF_MAX_PAGES,
      maxChars: options.maxChars ?? PDF_MAX_CHARS,
      streamCap: PDF_STREAM_CAP,
      scanCap: PDF_SCAN_CAP,
    },
    transferList: [copy.buffer],
    budget: { ...PDF_BUDGET, timeMs },
    ...(options.signal ? { signal: options.signal } : {}),
    onMessage: (message) => {
      const parsed = pdfMessageSchema.safeParse(message);
      if (!parsed.success) return;
      const value = parsed.data;
      if (value.type === "scan-refused") refusedSize = value.size;
      else if (value.type === "count") text.pageCount = value.pageCount;
      else if (value.type === "page") text.pages.push({ number: value.number, text: value.text });
      else text.cut = cutText(value.reason, options.maxChars ?? PDF_MAX_CHARS);
    },
  });
  if (end.kind === "end" && refusedSize === null && text.pageCount !== undefined) return text;
  const last = text.pages.at(-1);
  if (end.kind === "limit" && last) {
    return { ...text, cut: `${limitText(end, timeMs)}; the text stops after page ${last.number}` };
  }
  throw failure(end, refusedSize, timeMs);
}

function cutText(reason: "pages" | "chars", maxChars: number): string {
  return reason === "pages"
    ? `kern reads at most ${PDF_MAX_PAGES} pages at a time`
    : `the text passed ${maxChars} characters`;
}

/** A document's text by its media type: PDFs by page, text files whole. */
export async function extractDocumentText(
  bytes: Uint8Array,
  mediaType: string,
  options: ReadPdfOptions,
): Promise<DocumentText> {
  if (mediaType === "application/pdf") return extractPdfPages(bytes, options);
  return { pages: [{ number: 1, text: new TextDecoder("utf-8").decode(bytes) }] };
}

/** Parses `"2-4,7"` into 1-based page intervals; throws KERN_USAGE on bad input. */
export function parsePageRange(range: string): Array<[number, number]> {
  return range.split(",").map((part) => {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || first < 1 || last < first) {
      throw new KernError(
        "KERN_USAGE",
        `pages: "${range}" is not a page range; write e.g. "1-3,7"`,
      );
    }
    return [first, last];
  });
}
