// A tool's output as the log, the event stream, the index and the model keep it (issue 33 item 8):
// at most its first and last `keepBytes` bytes of UTF-8, with a note in between saying how much
// was cut and where the whole output is. Pure: no I/O (keep-tool-output.ts writes the file).

export interface BoundedOutput {
  /** The head, the note and the tail; the output itself when it was short enough. */
  text: string;
  /** UTF-8 bytes of the whole output. */
  bytes: number;
  /** True when the middle was cut. */
  cut: boolean;
}

const encoder = new TextEncoder();

/** The longest prefix of `text` whose UTF-8 form fits in `maxBytes` (never half a character). */
function headWithin(text: string, maxBytes: number): string {
  // encodeInto writes whole characters only, so `read` never ends inside a surrogate pair.
  const { read } = encoder.encodeInto(text.slice(0, maxBytes), new Uint8Array(maxBytes));
  return text.slice(0, read);
}

/** The longest suffix of `text` whose UTF-8 form fits in `maxBytes` (never half a character). */
function tailWithin(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text.slice(-maxBytes), "utf8");
  let start = Math.max(0, bytes.length - maxBytes);
  // Skip UTF-8 continuation bytes (10xxxxxx): the tail starts on a character's first byte.
  while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString("utf8");
}

/** The note between head and tail; `where` names the file that holds the whole output. */
function cutNote(options: { cutBytes: number; bytes: number; where: string }): string {
  const cut = options.cutBytes.toLocaleString("en-US");
  const all = options.bytes.toLocaleString("en-US");
  return `\n[… kern cut ${cut} of ${all} bytes from the middle of this output. ${options.where} To see another part, run the tool again narrowed (a line range or an offset, grep, head, tail, sed -n). …]\n`;
}

/**
 * Bounds `output` to its first and last `keepBytes` bytes. Output within twice that is returned
 * unchanged. `where` is the sentence the note carries about the whole output's file.
 */
export function boundToolOutput(output: string, keepBytes: number, where: string): BoundedOutput {
  const bytes = Buffer.byteLength(output, "utf8");
  if (bytes <= keepBytes * 2) return { text: output, bytes, cut: false };
  const head = headWithin(output, keepBytes);
  const tail = tailWithin(output, keepBytes);
  const cutBytes = bytes - Buffer.byteLength(head, "utf8") - Buffer.byteLength(tail, "utf8");
  return { text: `${head}${cutNote({ cutBytes, bytes, where })}${tail}`, bytes, cut: true };
}
