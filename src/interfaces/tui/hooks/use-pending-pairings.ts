// Who waits to pair: a user who wrote to a chat bot (Telegram, Discord) gets a code and is told
// to ask for `/pair CODE` in kern tui, but that sends no event — so the terminal asks the daemon
// every few seconds while connected (one small local GET). A failed fetch keeps the last list.
import { useEffect, useState } from "react";
import type { DaemonClient, PendingPairingView } from "../../../client/index.js";

/** How often the terminal asks who waits (and right after connecting or a /pair). */
const PAIRING_POLL_MS = 3000;

export function usePendingPairings(options: {
  client: DaemonClient;
  connected: boolean;
  /** Changes when the list should be fetched at once (a turn ended, a /pair was answered). */
  version: number;
  pollMs?: number;
}): PendingPairingView[] {
  const { client, connected, version, pollMs = PAIRING_POLL_MS } = options;
  const [pending, setPending] = useState<PendingPairingView[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version asks again at once
  useEffect(() => {
    if (!connected) return;
    let current = true;
    const load = () =>
      client.pairingList().then(
        (list) => {
          if (current) setPending((before) => (same(before, list.pending) ? before : list.pending));
        },
        () => undefined, // shown by the connection indicator, not here
      );
    void load();
    const timer = setInterval(load, pollMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [client, connected, version, pollMs]);
  return connected ? pending : [];
}

function same(a: PendingPairingView[], b: PendingPairingView[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry.code === b[index]?.code);
}
