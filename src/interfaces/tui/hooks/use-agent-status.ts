// Fetches the status line's data whenever the state asks for it (connect, turn end, memory
// update). A failed fetch keeps the last status: the connection indicator reports outages.
import { useEffect } from "react";
import type { DaemonClient } from "../../../client/index.js";
import type { TuiAction } from "../tui-state.js";

export interface UseAgentStatusOptions {
  client: DaemonClient;
  /** Changes whenever the status should be fetched again. */
  version: number;
  connected: boolean;
  dispatch: (action: TuiAction) => void;
}

export function useAgentStatus({ client, version, connected, dispatch }: UseAgentStatusOptions) {
  useEffect(() => {
    if (!connected || version === 0) return;
    let current = true;
    client.status().then(
      (status) => {
        if (current) dispatch({ type: "status-load", status });
      },
      () => undefined, // shown by the connection indicator, not here
    );
    return () => {
      current = false;
    };
  }, [client, version, connected, dispatch]);
}
