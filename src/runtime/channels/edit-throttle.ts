// Spaces a chat's sends and edits (the channel kit): platforms rate-limit edits per chat, and a
// streamed reply edits its message many times a second if let (Telegram, Discord: ~1 per second).
import type { Clock } from "../../kernel/index.js";
import { abortableDelay } from "./abortable-delay.js";

export class EditThrottle {
  private readonly lastUpdateAt = new Map<string, number>();

  constructor(
    private readonly options: { clock: Clock; intervalMs: number; stopSignal: AbortSignal },
  ) {}

  /** Notes a send or edit in the chat now. */
  mark(chat: string | number): void {
    this.lastUpdateAt.set(String(chat), this.options.clock.now());
  }

  /** Waits until the chat's last send or edit is `intervalMs` old (call before an edit). */
  async waitForSlot(chat: string | number): Promise<void> {
    const last = this.lastUpdateAt.get(String(chat));
    if (last === undefined) return;
    const waitMs = last + this.options.intervalMs - this.options.clock.now();
    if (waitMs <= 0) return;
    try {
      await abortableDelay(waitMs, [this.options.stopSignal]);
    } catch {
      // Stopping: flush what is queued without waiting for the throttle.
    }
  }
}
