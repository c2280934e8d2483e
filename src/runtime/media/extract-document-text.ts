// The text of a stored document: every page of a PDF (unpdf, pdf.js underneath; text only, no
// scripts run, no fonts fetched) or a UTF-8 text file as it is. Used at intake and by the pdf tool.
import { extractText, getDocumentProxy } from "unpdf";
import { KernError } from "../../kernel/index.js";

export interface DocumentText {
  /** One string per page (a text file is one page). */
  pages: string[];
  /** Pages in the PDF; undefined for text files. */
  pageCount?: number;
}

/** Reads a PDF's pages. Throws KERN_MEDIA_UNSUPPORTED for a PDF pdf.js cannot open. */
export async function extractPdfPages(bytes: Uint8Array): Promise<DocumentText> {
  try {
    // pdf.js takes ownership of (and detaches) the buffer it gets: hand it a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
    });
    try {
      const { totalPages, text } = await extractText(document, { mergePages: false });
      return { pages: text.map((page) => page.trim()), pageCount: totalPages };
    } finally {
      await document.destroy();
    }
  } catch (error) {
    throw new KernError(
      "KERN_MEDIA_UNSUPPORTED",
      `the PDF cannot be read (${error instanceof Error ? error.message : String(error)}); is it damaged or encrypted?`,
      { cause: error },
    );
  }
}

/** A document's text by its media type: PDFs by page, text files whole. */
export async function extractDocumentText(
  bytes: Uint8Array,
  mediaType: string,
): Promise<DocumentText> {
  if (mediaType === "application/pdf") return extractPdfPages(bytes);
  return { pages: [new TextDecoder("utf-8").decode(bytes)] };
}

/** Parses `"2-4,7"` into 1-based page numbers within `pageCount`; throws KERN_USAGE on bad input. */
export function parsePageRange(range: string, pageCount: number): number[] {
  const pages = new Set<number>();
  for (const part of range.split(",")) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || first < 1 || last < first) {
      throw new KernError(
        "KERN_USAGE",
        `pages: "${range}" is not a page range; write e.g. "1-3,7"`,
      );
    }
    for (let page = first; page <= Math.min(last, pageCount); page += 1) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}
