// A background command's output: the first `fileCap` bytes go to its file under
// .kern/processes/ (0600), the last `tailChars` characters stay in memory for `processes output`
// and the completion notice. Bounded both ways, whatever the command prints.
import { closeSync, openSync, writeSync } from "node:fs";

export class OutputCapture {
  private fd: number | null;
  private written = 0;
  private tailText = "";
  private totalBytes = 0;

  constructor(
    readonly file: string,
    private readonly fileCap: number,
    private readonly tailChars: number,
  ) {
    this.fd = openSync(file, "w", 0o600);
  }

  write(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    if (this.fd !== null && this.written < this.fileCap) {
      const part = chunk.subarray(0, this.fileCap - this.written);
      try {
        writeSync(this.fd, part);
        this.written += part.length;
      } catch {
        this.close(); // a full disk: the tail in memory still tells the end
      }
    }
    this.tailText = (this.tailText + chunk.toString("utf8")).slice(-this.tailChars);
  }

  /** The last `chars` characters printed (at most the kept tail). */
  tail(chars = this.tailChars): string {
    return this.tailText.slice(-chars);
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** True when more was printed than the file kept. */
  get truncated(): boolean {
    return this.totalBytes > this.written;
  }

  close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = null;
  }
}
