// `kern logs -f`: new lines of a growing file, whole. A read can end inside a line (pino writes
// a line in more than one write under load, and a 1 MB line spans reads): the partial tail is
// carried to the next read instead of printed as two broken lines. A file that shrank (rotated
// or truncated) is read again from its start.
import { closeSync, openSync, readSync, statSync, watchFile } from "node:fs";
import { StringDecoder } from "node:string_decoder";

/** Splits chunks into complete lines, carrying an unfinished last line (and split UTF-8). */
export class LineCarry {
  private readonly decoder = new StringDecoder("utf8");
  private carry = "";

  push(chunk: Buffer): string[] {
    const text = this.carry + this.decoder.write(chunk);
    const lines = text.split("\n");
    this.carry = lines.pop() ?? "";
    return lines.filter((line) => line.trim() !== "");
  }
}

/** Calls `onLine` for each line appended to `file` after `offset`, polling every `intervalMs`. */
export function followFile(
  file: string,
  offset: number,
  onLine: (line: string) => void,
  intervalMs = 500,
): void {
  let position = offset;
  let carry = new LineCarry();
  const buffer = Buffer.alloc(1 << 16);
  watchFile(file, { interval: intervalMs }, () => {
    const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    if (size < position) [position, carry] = [0, new LineCarry()]; // rotated or truncated
    if (size === position) return;
    const descriptor = openSync(file, "r");
    try {
      for (let read = 1; read > 0 && position < size; position += read) {
        read = readSync(descriptor, buffer, 0, buffer.length, position);
        for (const line of carry.push(buffer.subarray(0, read))) onLine(line);
      }
    } finally {
      closeSync(descriptor);
    }
  });
}
