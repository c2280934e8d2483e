// The live connection to GET /events (cookie auth, same origin). EventSource retries by itself
// while the daemon is away; when it gives up (a 401 after a restart, say) we check the session
// and reconnect with backoff. Reports its state for the header's indicator.
import type { StreamEvent } from "../../src/protocol/index.js";

export type ConnectionState = "connecting" | "open" | "offline";

export interface EventStreamOptions {
  onEvent(event: StreamEvent): void;
  onState(state: ConnectionState): void;
  /** Each time the stream opens; `reconnected` is false the first time. */
  onOpen(reconnected: boolean): void;
  /** Resolves false when the session is gone (the caller shows the login form). */
  checkSession(): Promise<boolean>;
}

const EVENT_TYPES: Record<StreamEvent["type"], true> = {
  "turn-queue": true,
  "turn-start": true,
  "text-delta": true,
  "tool-call": true,
  "tool-result": true,
  "turn-end": true,
  "model-call": true,
  "command-result": true,
  "import-progress": true,
  "memory-update": true,
  "approval-request": true,
  "approval-end": true,
  "pairing-update": true,
  error: true,
};

const MAX_RETRY_MS = 15_000;

function parseEvent(data: unknown): StreamEvent | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== "object" || value === null || !("type" in value)) return null;
    return typeof value.type === "string" && value.type in EVENT_TYPES
      ? (value as StreamEvent)
      : null;
  } catch {
    return null; // a frame we cannot read is skipped, never fatal
  }
}

export function openEventStream(options: EventStreamOptions): { close(): void } {
  let source: EventSource | null = null;
  let attempts = 0;
  let opened = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retryLater = () => {
    const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** attempts);
    attempts += 1;
    timer = setTimeout(() => {
      void options.checkSession().then((ok) => {
        if (ok && !closed) connect();
      });
    }, delay);
  };

  const connect = () => {
    options.onState("connecting");
    const current = new EventSource("/events", { withCredentials: true });
    source = current;
    current.onopen = () => {
      attempts = 0;
      options.onState("open");
      options.onOpen(opened);
      opened = true;
    };
    for (const type of Object.keys(EVENT_TYPES)) {
      current.addEventListener(type, (event) => {
        if (!(event instanceof MessageEvent)) return; // a connection error, not an `error` frame
        const parsed = parseEvent(event.data);
        if (parsed) options.onEvent(parsed);
      });
    }
    current.onerror = (event) => {
      if (event instanceof MessageEvent || closed || source !== current) return;
      if (current.readyState === EventSource.CONNECTING) {
        options.onState("connecting");
        return;
      }
      current.close();
      source = null;
      options.onState("offline");
      retryLater();
    };
  };

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}
