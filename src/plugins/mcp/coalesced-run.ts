// One piece of async work asked for by a stream of signals (an MCP server's
// `notifications/tools/list_changed`), done at most once per interval however many ask, never two
// at a time, and once more after the last request (issue 49 item 10: 20,000 notifications had
// cost 19,999 `tools/list` calls). A request is O(1); a flood is counted and reported once per
// window, so it shows in the log without costing a line per notification.
import type { Clock } from "../../kernel/index.js";

export interface CoalescedRunOptions {
  run: () => Promise<void>;
  /** Least time between the starts of two runs. */
  minIntervalMs: number;
  clock: Clock;
  /** More requests than this in one window is a flood: `onFlood` is told once for that window. */
  floodThreshold: number;
  windowMs: number;
  onFlood: (requests: number, windowMs: number) => void;
}

export class CoalescedRun {
  private running = false;
  private pending = false;
  private timer: NodeJS.Timeout | null = null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private windowStart = Number.NEGATIVE_INFINITY;
  private windowRequests = 0;
  private floodTold = false;
  private stopped = false;
  /** Runs started, for tests and the flood report. */
  runs = 0;

  constructor(private readonly options: CoalescedRunOptions) {}

  request(): void {
    if (this.stopped) return;
    this.count();
    if (this.running || this.timer) {
      this.pending = this.running || this.pending;
      return;
    }
    this.schedule();
  }

  /** No run after this (the session it lists is gone). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private count(): void {
    const now = this.options.clock.now();
    if (now - this.windowStart >= this.options.windowMs) {
      this.windowStart = now;
      this.windowRequests = 0;
      this.floodTold = false;
    }
    this.windowRequests += 1;
    if (!this.floodTold && this.windowRequests > this.options.floodThreshold) {
      this.floodTold = true;
      this.options.onFlood(this.windowRequests, this.options.windowMs);
    }
  }

  private schedule(): void {
    const wait = this.lastStart + this.options.minIntervalMs - this.options.clock.now();
    if (wait <= 0) {
      void this.start();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, wait);
  }

  private async start(): Promise<void> {
    if (this.stopped) return;
    this.running = true;
    this.pending = false;
    this.lastStart = this.options.clock.now();
    this.runs += 1;
    try {
      await this.options.run();
    } catch {
      // `run` reports its own failures; a rejection here would be an unhandled one
    } finally {
      this.running = false;
      // Asked again while it ran: the list may have changed after it was read.
      if (this.pending && !this.stopped) {
        this.pending = false;
        this.schedule();
      }
    }
  }
}
