// Progress lines on stderr (stdout stays free for the results): "[bench 20k +12.3s] message".

const started = Date.now();

/** Short size label: 2000 → "2k", 100000 → "100k". */
export function sizeLabel(size: number): string {
  if (size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  return size % 1000 === 0 ? `${size / 1000}k` : String(size);
}

/** Writes one progress line to stderr, prefixed with the scope and the seconds since start. */
export function progress(scope: string, message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`[bench ${scope} +${seconds}s] ${message}\n`);
}
