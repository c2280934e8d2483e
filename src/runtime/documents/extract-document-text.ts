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
