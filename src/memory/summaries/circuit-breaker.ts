// A circuit breaker for the summary model (SPEC §4): after `threshold` consecutive failures it
// opens for `openMs` (extractive stand-ins stay meanwhile), then lets one trial call through.
import type { Clock } from "../../kernel/index.js";

export type CircuitState = "closed" | "open" | "half-open";

export interface CircuitBreakerOptions {
  clock: Clock;
  /** Consecutive failures that open the circuit; SPEC §4 says 5. */
  threshold?: number;
  /** How long it stays open; SPEC §4 says 10 minutes. */
  openMs?: number;
}

const DEFAULT_BREAKER_THRESHOLD = 5;
const DEFAULT_BREAKER_OPEN_MS = 10 * 60_000;

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialRunning = false;
  private readonly threshold: number;
  private readonly openMs: number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.threshold = options.threshold ?? DEFAULT_BREAKER_THRESHOLD;
    this.openMs = options.openMs ?? DEFAULT_BREAKER_OPEN_MS;
  }

  get state(): CircuitState {
    if (this.openedAt === null) return "closed";
    return this.options.clock.now() - this.openedAt >= this.openMs ? "half-open" : "open";
  }

  /** When (epoch ms) the open circuit lets a trial through; null when closed. */
  get retryAt(): number | null {
    return this.openedAt === null ? null : this.openedAt + this.openMs;
  }

  /**
   * Whether a call may start now, claiming the one trial slot when half-open (so concurrent
   * workers do not all retry a service that is probably still down).
   */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.trialRunning) return false;
    this.trialRunning = true;
    return true;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialRunning = false;
  }

  recordFailure(): void {
    this.failures += 1;
    if (this.trialRunning || this.failures >= this.threshold) {
      this.openedAt = this.options.clock.now();
    }
    this.trialRunning = false;
  }
}
