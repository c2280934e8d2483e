// Keeps the terminal subscribed to the daemon's event stream for as long as the App is mounted:
// on open it (re)loads recent history; when the stream drops or nothing answers it shows the
// disconnected state and tries again every `reconnectDelayMs`, forever, until unmount.
import { useEffect } from "react";
import type { DaemonClient } from "../../../client/index.js";
import { describeError, isKernError } from "../../../kernel/index.js";
import type { TuiAction } from "../tui-state.js";

/** Messages of recent history shown on start and after each reconnect. */
const HISTORY_LIMIT = 50;

export interface UseDaemonEventsOptions {
  client: DaemonClient;
  reconnectDelayMs: number;
  dispatch: (action: TuiAction) => void;
}

export function useDaemonEvents({ client, reconnectDelayMs, dispatch }: UseDaemonEventsOptions) {
  useEffect(() => {
    const controller = new AbortController();
    void followEvents({ client, reconnectDelayMs, dispatch, signal: controller.signal });
    return () => controller.abort();
  }, [client, reconnectDelayMs, dispatch]);
}

/** Never rejects: every failure becomes a `stream-close` and another attempt. */
async function followEvents(options: UseDaemonEventsOptions & { signal: AbortSignal }) {
  const { client, dispatch, signal } = options;
  while (!signal.aborted) {
    let error: string | null = null;
    try {
      const events = client.events(signal, {
        onOpen: () => {
          dispatch({ type: "stream-open" });
          void loadHistory(client, dispatch);
        },
      });
      for await (const event of events) dispatch({ type: "stream-event", event });
    } catch (caught) {
      // "Nothing answers" is what the indicator already says; anything else is worth showing.
      const notRunning = isKernError(caught) && caught.code === "KERN_DAEMON_NOT_RUNNING";
      error = notRunning ? null : describeError(caught);
    }
    if (signal.aborted) return;
    dispatch({ type: "stream-close", error });
    await delay(options.reconnectDelayMs, signal);
  }
}

async function loadHistory(client: DaemonClient, dispatch: (action: TuiAction) => void) {
  try {
    const page = await client.history({ limit: HISTORY_LIMIT });
    dispatch({ type: "history-load", session: page.session, messages: page.messages });
  } catch (error) {
    dispatch({ type: "notice-add", tone: "error", text: `history: ${describeError(error)}` });
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
