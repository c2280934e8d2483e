// The terminal chat: transcript, status line and input line over one DaemonClient. State lives in
// tui-state.ts (pure); this file wires keys and daemon calls to it.
import { Box } from "ink";
import { useCallback, useReducer, useRef } from "react";
import type { DaemonClient } from "../../client/index.js";
import { describeError, parseChatCommand } from "../../kernel/index.js";
import { InputLine } from "./components/InputLine.js";
import { StatusLine } from "./components/StatusLine.js";
import { Transcript } from "./components/Transcript.js";
import { useAgentStatus } from "./hooks/use-agent-status.js";
import { useDaemonEvents } from "./hooks/use-daemon-events.js";
import { countSettledItems, createInitialTuiState, tuiReducer } from "./tui-state.js";

/** How long to wait between attempts to reach a daemon that went away. */
export const DEFAULT_RECONNECT_DELAY_MS = 1000;

export interface AppProps {
  client: DaemonClient;
  agentName: string;
  reconnectDelayMs?: number;
}

export function App({
  client,
  agentName,
  reconnectDelayMs = DEFAULT_RECONNECT_DELAY_MS,
}: AppProps) {
  const [state, dispatch] = useReducer(tuiReducer, undefined, createInitialTuiState);
  useDaemonEvents({ client, reconnectDelayMs, dispatch });
  useAgentStatus({
    client,
    version: state.statusVersion,
    connected: state.connection === "connected",
    dispatch,
  });

  // The turn to cancel: the one we saw start, else the one the daemon last reported running.
  const runningTurnId = state.runningTurnId ?? state.status?.queue.running ?? null;
  const cancel = useCallback(() => {
    if (!runningTurnId) return;
    client.cancelTurn(runningTurnId).then(
      () => undefined, // the turn-end event tells the outcome
      (error: unknown) =>
        dispatch({ type: "notice-add", tone: "error", text: `cancel: ${describeError(error)}` }),
    );
  }, [client, runningTurnId]);

  const localIds = useRef(0);
  const submit = useCallback(
    (line: string) => {
      const text = line.trim();
      if (!text) return;
      // /cancel of a turn we know runs goes straight to it; otherwise the daemon, which knows
      // its queue, answers the command like any other.
      if (parseChatCommand(text)?.command === "cancel" && runningTurnId) {
        cancel();
        return;
      }
      const localId = ++localIds.current;
      dispatch({ type: "message-send", localId, text });
      client.sendMessage({ text, interface: "tui" }).then(
        ({ turnId }) => dispatch({ type: "message-accept", localId, turnId }),
        (error: unknown) =>
          dispatch({ type: "message-fail", localId, error: describeError(error) }),
      );
    },
    [client, cancel, runningTurnId],
  );

  return (
    <Box flexDirection="column">
      <Transcript
        items={state.items}
        settledCount={countSettledItems(state)}
        epoch={state.historyEpoch}
      />
      <StatusLine agentName={agentName} state={state} />
      <InputLine onSubmit={submit} onCancel={cancel} />
    </Box>
  );
}
