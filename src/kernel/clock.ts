// Time comes from an injected Clock (SG-5) so tests can control it.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** The clock's time as an ISO-8601 string. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start = Date.parse("2026-04-02T06:00:00.000Z")) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}
