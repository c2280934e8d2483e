// The worker that reads a PDF's text (run by ParseWorkers, extract-document-text.ts calls it).
// Before pdf.js sees the file, every Flate stream that text extraction may decode is inflated
// once, counting bytes and keeping none: a stream past `streamCap` refuses the file (a compression
// bomb: 300 KB of PDF inflating to 100 MB of operators held the daemon 44 s at 1.1 GB); one too
// small to pass it at deflate's largest ratio (1,032:1) is not inflated at all. Streams
// text extraction never decodes (images, embedded files, metadata) are skipped, so a large scan
// or attachment does not count; streams in other filters (LZW, RunLength) or an encrypted file's
// are left to the worker's heap, RSS and time budgets. Then pdf.js reads the pages one at a time
// (unpdf's extractText reads all at once: 20,000 pages took 3.9 GB), at most `maxPages` and until
// the text passes `maxChars`, each page posted as it is read, so a time limit keeps what was read.
//
// Messages: { type: "scan-refused", size } | { type: "count", pageCount }
//   | { type: "page", number, text } | { type: "cut", reason: "pages" | "chars" }
//   | { type: "end" } | { type: "error", message }.
export const PDF_TEXT_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const zlib = require("node:zlib");
const { unpdf, wanted, maxPages, maxChars, streamCap, scanCap } = workerData;
const bytes = Buffer.from(workerData.bytes.buffer, workerData.bytes.byteOffset, workerData.bytes.byteLength);

function inflatedSize(data, cap) {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    let size = 0;
    let settled = false;
    const finish = () => { if (!settled) { settled = true; resolve(size); } };
    inflate.on("data", (chunk) => {
      size += chunk.length;
      if (size > cap) { inflate.destroy(); finish(); }
    });
    inflate.on("end", finish);
    inflate.on("error", finish); // not Flate after all, or damaged: pdf.js decides
    inflate.on("close", finish);
    inflate.end(data);
  });
}

const SKIPPED = /\\/Subtype\\s*\\/Image\\b|\\/Type\\s*\\/(EmbeddedFile|Metadata)\\b/;
const FLATE_FIRST = /\\/Filter\\s*\\[?\\s*\\/(FlateDecode|Fl)\\b/;

/** The inflated size of the first stream past the cap; undefined when none passes it. */
async function scanStreams() {
  let from = 0;
  let total = 0;
  for (;;) {
    const at = bytes.indexOf("stream", from, "latin1");
    if (at === -1) return;
    from = at + 6;
    if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") continue;
    let start = at + 6;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] !== 0x0a && bytes[start - 1] !== 0x0d) continue; // not the keyword
    if (bytes[start] === 0x0a) start += 1;
    // A stream's dictionary ends right before the keyword (">>", then white space); it is read
    // from its object's "obj", looked for in the 4 KB before: each look is bounded.
    const before = bytes.toString("latin1", Math.max(0, at - 4096), at);
    if (!/>>\\s*$/.test(before.slice(-32))) continue;
    const dict = before.slice(Math.max(0, before.lastIndexOf("obj")));
    if (!FLATE_FIRST.test(dict) || SKIPPED.test(dict)) continue;
    const length = /\\/Length\\s+(\\d+)(\\s+\\d+\\s+R)?/.exec(dict);
    let end = length && !length[2] ? start + Number(length[1]) : bytes.indexOf("endstream", start, "latin1");
    if (end === -1 || end > bytes.length) end = bytes.length;
    from = end;
    // Deflate inflates at most 1,032-fold: a stream this small cannot pass the cap.
    if ((end - start) * 1032 <= streamCap) continue;
    const size = await inflatedSize(bytes.subarray(start, end), streamCap);
    if (size > streamCap) return size;
    total += size;
    if (total > scanCap) return; // the rest is left to the budgets
  }
}

function pagesToRead(pageCount) {
  const pages = new Set();
  let cut = false;
  for (const [first, last] of wanted ?? [[1, pageCount]]) {
    for (let page = first; page <= Math.min(last, pageCount) && !cut; page += 1) {
      if (pages.size < maxPages) pages.add(page);
      else cut = !pages.has(page);
    }
  }
  return { pages: [...pages].sort((a, b) => a - b), cut };
}

async function main() {
  const refused = await scanStreams();
  if (refused !== undefined) {
    parentPort.postMessage({ type: "scan-refused", size: refused });
    return;
  }
  const { getDocumentProxy } = require(unpdf);
  // pdf.js takes the buffer over (and detaches it): the scan is done with it.
  const document = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
  });
  parentPort.postMessage({ type: "count", pageCount: document.numPages });
  const { pages, cut } = pagesToRead(document.numPages);
  let chars = 0;
  for (const number of pages) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .filter((item) => item.str != null)
      .map((item) => item.str + (item.hasEOL ? "\\n" : ""))
      .join("")
      .trim();
    page.cleanup();
    parentPort.postMessage({ type: "page", number, text });
    chars += text.length;
    if (chars >= maxChars && number !== pages[pages.length - 1]) {
      parentPort.postMessage({ type: "cut", reason: "chars" });
      return;
    }
  }
  if (cut) parentPort.postMessage({ type: "cut", reason: "pages" });
}

main().then(
  () => parentPort.postMessage({ type: "end" }),
  (error) => parentPort.postMessage({ type: "error", message: String((error && error.message) || error) }),
);
`;
