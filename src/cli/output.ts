// The CLI's only way to print (SG-23): plain lines, stable --json, errors without stack traces,
// and a progress bar on a TTY.
export interface TextSink {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Output {
  line(text?: string): void;
  json(value: unknown): void;
  error(text: string): void;
  /** Returns an updater drawing `label [####----] done/total` on a TTY stderr; no-op otherwise. */
  progress(label: string): (done: number, total: number) => void;
  /** Clears the progress line. */
  endProgress(): void;
}

export function createOutput(stdout: TextSink, stderr: TextSink): Output {
  let drawn = false;
  return {
    line: (text = "") => stdout.write(`${text}\n`),
    json: (value) => stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    // A message that carries its own "error:" or "kern:" (a daemon's, a child's) gets one prefix.
    error: (text) => stderr.write(`kern: ${text.replace(/^(?:(?:kern|error):\s*)+/i, "")}\n`),
    progress(label) {
      if (!stderr.isTTY) return () => undefined;
      let last = 0;
      const started = Date.now();
      return (done, total) => {
        const now = Date.now();
        if (now - last < 100 && done < total) return;
        last = now;
        const width = Math.max(10, Math.min(40, (stderr.columns ?? 80) - label.length - 36));
        const share = total > 0 ? Math.min(1, done / total) : 0;
        const filled = Math.round(share * width);
        const counts = total > 0 ? `${done}/${total}` : `${done}`;
        // Past 5% and a second in, the rest at the rate so far.
        const elapsed = now - started;
        const eta =
          share > 0.05 && share < 1 && elapsed > 1000
            ? ` ETA ${Math.ceil((elapsed * (1 - share)) / share / 1000)} s`
            : "";
        stderr.write(
          `\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${counts}${eta}\x1b[K`,
        );
        drawn = true;
      };
    },
    endProgress() {
      if (drawn) stderr.write("\r\x1b[K");
      drawn = false;
    },
  };
}
