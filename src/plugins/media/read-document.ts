// A document's text at intake (SPEC §15): extracted (a PDF in a parse worker, with its budgets),
// kept beside the file as `<id>.txt`. A PDF is recorded as failed before it is read, so a kill -9
// meanwhile leaves a record that stops the same bytes being read again (issue 49 item 1: a
// re-delivered Telegram update froze the restarted daemon again); a read that fails is recorded
// failed too, since a retry would fail the same way.
import { describeError, isKernError, type MediaAttachment } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  type DocumentText,
  extractDocumentText,
  type IntakeResult,
  type ParseWorkers,
} from "../../runtime/index.js";
import type { MediaStore } from "../../store/index.js";

/** The record of a PDF while it is read: what stays when the daemon dies meanwhile. */
const UNFINISHED_NOTE =
  "no text extracted: reading it did not finish (the daemon stopped or was killed meanwhile), so kern does not read it again; the pdf tool reads chosen pages";

export interface ReadDocumentOptions {
  store: MediaStore;
  workers: ParseWorkers;
  attachment: MediaAttachment;
  bytes: Uint8Array;
  signal: AbortSignal;
  log: Logger;
}

export async function readDocument(options: ReadDocumentOptions): Promise<IntakeResult> {
  const { store, attachment, log } = options;
  const isPdf = attachment.mediaType === "application/pdf";
  if (isPdf) {
    await store.writeRecord({ ...attachment, note: UNFINISHED_NOTE, failed: true });
    log.info({ bytes: attachment.bytes }, "reading document");
  }
  let document: DocumentText;
  try {
    document = await extractDocumentText(options.bytes, attachment.mediaType, {
      workers: options.workers,
      signal: options.signal,
    });
  } catch (error) {
    log.warn({ error: describeError(error) }, "document not read");
    // Cancelled (the daemon stops): the record says so, as after a kill -9.
    const cancelled = isKernError(error) && error.code === "KERN_UNAVAILABLE";
    const note = cancelled ? UNFINISHED_NOTE : `no text extracted: ${intakeFailureText(error)}`;
    return { attachment, note, failed: true };
  }
  const text = documentText(document);
  if (isPdf) log.info({ pages: document.pages.length, cut: document.cut }, "document read");
  const textFile = await store.writeText(attachment.id, text);
  const withText: MediaAttachment = {
    ...attachment,
    textFile,
    ...(document.pageCount !== undefined ? { pages: document.pageCount } : {}),
  };
  return text ? { attachment: withText, text } : { attachment: withText, note: "no text found" };
}

/** The pages' text; a cut one opens with which pages it holds and why it stops. */
function documentText(document: DocumentText): string {
  const text = document.pages
    .map((page) => page.text)
    .join("\n\n")
    .trim();
  const last = document.pages.at(-1)?.number ?? 0;
  if (!document.cut) return text;
  return `(text of pages 1-${last} of ${document.pageCount ?? last}: ${document.cut}; the pdf tool reads any page)\n\n${text}`;
}

/** A failure as a note: `CODE: message` for kern's own errors. */
export function intakeFailureText(error: unknown): string {
  return isKernError(error) ? `${error.code}: ${error.message}` : describeError(error);
}
