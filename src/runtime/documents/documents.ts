// Text out of untrusted documents (SPEC §15): a PDF's pages, a web page's readable Markdown. The
// parsers (pdf.js, linkedom, Readability, turndown) load on first use: they cost ~150 ms of every
// start-up otherwise. Media intake and the web tools both use these.
import type { DocumentText } from "./extract-document-text.js";
import type { ReadablePage } from "./readable-markdown.js";

export type { DocumentText, ReadablePage };

/** Every page of a PDF; throws KERN_MEDIA_UNSUPPORTED when it cannot be read. */
export async function extractPdfPages(bytes: Uint8Array): Promise<DocumentText> {
  const { extractPdfPages: extract } = await import("./extract-document-text.js");
  return extract(bytes);
}

/** A document's text by its media type: PDFs by page, text files whole. */
export async function extractDocumentText(
  bytes: Uint8Array,
  mediaType: string,
): Promise<DocumentText> {
  const { extractDocumentText: extract } = await import("./extract-document-text.js");
  return extract(bytes, mediaType);
}

/** A web page's readable part as Markdown, with its title. */
export async function htmlToMarkdown(html: string, url: string): Promise<ReadablePage> {
  const { readableMarkdown } = await import("./readable-markdown.js");
  return readableMarkdown(html, url);
}
