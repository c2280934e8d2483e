// The runtime's event fan-out: every subscriber (web, TUI, Telegram, jobs) hears every event; one
// that throws is logged and the others still hear it.
import { describeError, type RuntimeEvent } from "../kernel/index.js";
import type { Logger } from "../log/index.js";

export class RuntimeEvents {
  private readonly listeners = new Set<(event: RuntimeEvent) => void>();

  constructor(private readonly logger: Logger) {}

  subscribe(listener: (event: RuntimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: RuntimeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error(
          { error: describeError(error), event: event.type },
          "event listener failed",
        );
      }
    }
  }
}
