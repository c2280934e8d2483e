// Message timestamps: seconds to minutes inside a turn, minutes between turns, hours or days
// between topic blocks. Strictly increasing.
import type { Random } from "./random.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const WAKE_HOUR = 7;
const SLEEP_HOUR = 23;

export class Timeline {
  private current: number;

  constructor(
    startMs: number,
    private readonly random: Random,
  ) {
    this.current = startMs;
  }

  get ms(): number {
    return this.current;
  }

  /** The current time as an ISO string (the first message uses the start time as is). */
  get iso(): string {
    return new Date(this.current).toISOString();
  }

  /** Moves forward by a random whole number of milliseconds in [minMs, maxMs] (at least 1 s). */
  advance(minMs: number, maxMs: number): string {
    this.current += Math.max(SECOND, this.random.int(minMs, maxMs));
    return this.iso;
  }

  /** Before a user message inside a block: usually minutes, sometimes a longer pause. */
  nextTurn(): string {
    if (this.random.chance(0.1)) this.advance(30 * MINUTE, 3 * HOUR);
    else this.advance(1 * MINUTE, 25 * MINUTE);
    this.skipNight();
    return this.iso;
  }

  /** The user sleeps: a message due between 23:00 and 07:00 (UTC) waits for the morning. */
  private skipNight(): void {
    const date = new Date(this.current);
    const hour = date.getUTCHours();
    if (hour >= WAKE_HOUR && hour < SLEEP_HOUR) return;
    if (hour >= SLEEP_HOUR) date.setUTCDate(date.getUTCDate() + 1);
    date.setUTCHours(WAKE_HOUR, 0, 0, 0);
    this.current = date.getTime() + this.random.int(0, 2 * HOUR);
  }

  /** Between topic blocks: a few hours most of the time, a day or two otherwise. */
  nextBlock(): void {
    if (this.random.chance(0.75)) this.current += this.random.int(1 * HOUR, 6 * HOUR);
    else this.current += this.random.int(20 * HOUR, 60 * HOUR);
  }

  /** The assistant or a tool answering: seconds. */
  reply(minSeconds: number, maxSeconds: number): string {
    return this.advance(minSeconds * SECOND, maxSeconds * SECOND);
  }
}
