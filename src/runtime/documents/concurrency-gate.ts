// At most `limit` holders at once; the rest wait in order. A waiter whose signal aborts, or all of
// them at `close()`, get null instead of a release. Used to bound what holds memory at once: the
// parse workers (parse-workers.ts) and the files taken in (media-intake.ts).
export class ConcurrencyGate {
  private held = 0;
  private readonly waiting: Array<{ take: () => void; cancel: () => void }> = [];
  private closed = false;

  constructor(private readonly limit: number) {}

  /** A release function once a place is free; null when cancelled or closed meanwhile. */
  acquire(signal?: AbortSignal): Promise<(() => void) | null> {
    if (this.closed || signal?.aborted) return Promise.resolve(null);
    if (this.held < this.limit) {
      this.held += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const entry = {
        take: () => {
          signal?.removeEventListener("abort", entry.cancel);
          this.held += 1;
          resolve(this.releaser());
        },
        cancel: () => {
          signal?.removeEventListener("abort", entry.cancel);
          const index = this.waiting.indexOf(entry);
          if (index !== -1) this.waiting.splice(index, 1);
          resolve(null);
        },
      };
      this.waiting.push(entry);
      signal?.addEventListener("abort", entry.cancel, { once: true });
    });
  }

  /** Refuses every waiter and every later acquire; places already held stay until released. */
  close(): void {
    this.closed = true;
    for (const entry of [...this.waiting]) entry.cancel();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      this.waiting.shift()?.take();
    };
  }
}
