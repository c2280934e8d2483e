// The read tool's bounded reads (issue 33 item 8: a 100 MB `read` was stored and indexed whole).
// A call reads at most `limit` bytes from an open file, as whole UTF-8 characters, and says how to
// read on; memory stays bounded by the limit whatever the file's size.
import type { FileHandle } from "node:fs/promises";

/** Bytes read per step while looking for a line range. */
const CHUNK_BYTES = 65_536;

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** Bytes a UTF-8 sequence starting with `lead` takes. */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

/** `length` trimmed so that the buffer does not end inside a character. */
function wholeCharactersEnd(buffer: Buffer, length: number): number {
  for (let back = 1; back <= Math.min(4, length); back += 1) {
    const byte = buffer[length - back] ?? 0;
    if (isContinuation(byte)) continue;
    return sequenceLength(byte) > back ? length - back : length;
  }
  return length;
}

/**
 * Bytes [offset, offset + limit) of a file of `size` bytes as text (whole characters only), with a
 * note naming the next offset when the file goes on.
 */
export async function readByteRange(
  handle: FileHandle,
  size: number,
  range: { offset: number; limit: number },
): Promise<string> {
  const { offset, limit } = range;
  if (offset >= size && size > 0)
    return `[offset ${offset} is past the end: the file has ${size} bytes]`;
  const length = Math.min(limit, size - offset);
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } =
    length > 0 ? await handle.read(buffer, 0, length, offset) : { bytesRead: 0 };
  let start = 0;
  while (offset > 0 && start < bytesRead && isContinuation(buffer[start])) start += 1;
  const more = offset + bytesRead < size;
  const end = more ? wholeCharactersEnd(buffer, bytesRead) : bytesRead;
  const text = buffer.subarray(start, end).toString("utf8");
  if (!more) return text;
  const next = offset + end;
  return `${text}\n[… showed bytes ${offset + start}-${next} of ${size}; call read with offset=${next} for the next part …]`;
}

/**
 * Lines [startLine, endLine] (1-based) of a file, scanned in chunks, at most `limit` bytes of
 * them; past the limit a note says where to read on.
 */
export async function readLineRange(
  handle: FileHandle,
  size: number,
  range: { startLine: number; endLine: number; limit: number },
): Promise<string> {
  const chunk = Buffer.alloc(CHUNK_BYTES);
  const pieces: Buffer[] = [];
  let kept = 0;
  let line = 1;
  for (let position = 0; position < size && line <= range.endLine; ) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    for (let index = 0; index < bytesRead && line <= range.endLine; ) {
      const newline = chunk.indexOf(10, index);
      const end = newline === -1 || newline >= bytesRead ? bytesRead : newline + 1;
      if (line >= range.startLine) {
        const take = Math.min(end - index, range.limit - kept);
        pieces.push(Buffer.from(chunk.subarray(index, index + take)));
        kept += take;
        if (take < end - index) {
          const cut = Buffer.concat(pieces);
          const whole = wholeCharactersEnd(cut, cut.length);
          const next = position + index + take - (cut.length - whole);
          return `${cut.subarray(0, whole).toString("utf8")}\n[… stopped after ${range.limit} bytes inside line ${line}; call read with offset=${next} for the rest of it, or startLine=${line + 1} …]`;
        }
      }
      if (end === newline + 1) line += 1;
      index = end;
    }
    position += bytesRead;
  }
  const text = Buffer.concat(pieces).toString("utf8");
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}
