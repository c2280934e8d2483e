// Back-pressure on POST /message by size: the runtime bounds how many turns wait
// (MAX_QUEUED_TURNS); this bounds the text the API's waiting turns hold, so a flood of large
// messages cannot grow the daemon's memory without limit either (1,500 messages of 190 KB took
// it from 127 to 448 MB). Past the bound the API answers 429 KERN_QUEUE_FULL.
import type { RuntimeEvent } from "../../kernel/index.js";

/** Characters the API's waiting turns may hold: ~170 messages of the largest size. */
const DEFAULT_MAX_WAITING_CHARS = 32_000_000;

export class IntakeLimit {
  private readonly pending = new Map<string, number>();
  private chars = 0;
  /** Turns that ended before `accepted` saw them (chat commands end inside `submit`). */
  private readonly endedEarly = new Set<string>();

  constructor(private readonly maxChars: number = DEFAULT_MAX_WAITING_CHARS) {}

  /** Why a message of `length` characters cannot be queued now, or null when it can. */
  refusal(length: number): string | null {
    // One message is always taken when none waits, whatever its size (the body limit bounds it).
    if (this.pending.size === 0 || this.chars + length <= this.maxChars) return null;
    return `the ${this.pending.size} waiting messages hold ${this.chars} characters (the limit is ${this.maxChars}); send this one once some have run`;
  }

  accepted(turnId: string, length: number): void {
    if (this.endedEarly.delete(turnId)) return;
    this.pending.set(turnId, length);
    this.chars += length;
  }

  /** Feed every runtime event: a turn-end releases its turn. */
  observe(event: RuntimeEvent): void {
    if (event.type !== "turn-end") return;
    const length = this.pending.get(event.turnId);
    if (length === undefined) {
      this.endedEarly.add(event.turnId);
      // Turns of other interfaces end here too: keep only the newest few.
      if (this.endedEarly.size > 100) {
        this.endedEarly.delete(this.endedEarly.values().next().value ?? "");
      }
      return;
    }
    this.pending.delete(event.turnId);
    this.chars -= length;
  }

  get waiting(): number {
    return this.pending.size;
  }
}
