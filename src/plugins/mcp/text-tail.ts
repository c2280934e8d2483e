// The last few KB of a stream's text (a server's stderr), for "why did it fail" reports.

export class TextTail {
  private text = "";

  constructor(private readonly maxChars = 2_000) {}

  push(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.maxChars);
  }

  /** The last `lines` non-empty lines. */
  lines(lines = 10): string {
    return this.text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .slice(-lines)
      .join("\n");
  }

  clear(): void {
    this.text = "";
  }
}
