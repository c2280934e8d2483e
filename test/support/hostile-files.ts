// Hostile inputs for the parser's budgets (issue 49 items 1 and 3), built in the test: a PDF is
// written object by object with a correct cross-reference table, so pdf.js reads it as it is
// (no repair pass), each page drawing its own Flate content stream.
import { deflateSync } from "node:zlib";

const MB = 1024 * 1024;

/**
 * A PDF with one page per entry of `contents` (each an uncompressed content stream), and
 * `images` as image XObjects beside them (Flate, 1 pixel high; no page draws them).
 */
export function buildPdf(contents: readonly Buffer[], images: readonly Buffer[] = []): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer) => objects.push(body); // returns the new object's number
  const catalog = add(Buffer.alloc(0));
  const pages = add(Buffer.alloc(0));
  const font = add(Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"));
  const kids: number[] = [];
  for (const content of contents) {
    const data = deflateSync(content, { level: 9 });
    const stream = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
        data,
        Buffer.from("\nendstream"),
      ]),
    );
    kids.push(
      add(
        Buffer.from(
          `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
        ),
      ),
    );
  }
  for (const pixels of images) {
    const data = deflateSync(pixels, { level: 9 });
    add(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${pixels.length} /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
        ),
        data,
        Buffer.from("\nendstream"),
      ]),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pages} 0 R >>`);
  objects[pages - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${kids.length} >>`,
  );
  const parts = [Buffer.from("%PDF-1.4\n")];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      body,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(part);
    offset += part.length;
  });
  const table = offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A page that writes `text` (ASCII, no parentheses or backslashes). */
export function textPage(text: string): Buffer {
  return Buffer.from(`BT /F1 12 Tf 72 712 Td (${text}) Tj ET`);
}

/** Issue 49's bomb: one page whose content stream is 100 MB of spaces (~100 KB deflated). */
export function spacesBombPdf(): Buffer {
  return buildPdf([Buffer.alloc(100 * MB, 0x20)]);
}

/**
 * One page of 100 MB of text operators (~300 KB deflated): on the main loop pdf.js took 44 s and
 * 1.1 GB to make 2.8 million text items of it.
 */
export function operatorBombPdf(): Buffer {
  const unit = Buffer.from("BT /F1 12 Tf 72 712 Td (hello) Tj ET\n");
  return buildPdf([Buffer.alloc(Math.floor((100 * MB) / unit.length) * unit.length, unit)]);
}

/** `count` short pages: pdf.js reads such a flat page tree slowly (~25 ms a page here). */
export function manyPagesPdf(count: number): Buffer {
  return buildPdf(Array.from({ length: count }, (_, index) => textPage(`page ${index + 1}`)));
}

/** Issue 49's page: `depth` nested <div>s (200,000 is 2.2 MB) around one sentence. */
export function nestedDivsHtml(depth: number, words = "deep inside the page"): string {
  return `<!doctype html><html><head><title>Nested</title></head><body>${"<div>".repeat(depth)}${words}${"</div>".repeat(depth)}</body></html>`;
}

/** A table of `rows` rows of three cells (200,000 cells is ~2.9 MB). */
export function bigTableHtml(rows: number): string {
  const body = Array.from(
    { length: rows },
    (_, index) => `<tr><td>${index}</td><td>cell text</td><td>more</td></tr>`,
  ).join("");
  return `<!doctype html><html><head><title>Table</title></head><body><table>${body}</table></body></html>`;
}
