// The terminal chat: transcript, status line and input line over one DaemonClient. State lives in
// tui-state.ts (pure); this file wires keys and daemon calls to it.
import { Box, Text, useApp } from "ink";
import { useCallback, useMemo, useReducer, useRef, useState } from "react";
import type { DaemonClient } from "../../client/index.js";
import { describeError, parseChatCommand } from "../../kernel/index.js";
import { InputLine } from "./components/InputLine.js";
import { StatusLine } from "./components/StatusLine.js";
import { Transcript } from "./components/Transcript.js";
import { useAgentStatus } from "./hooks/use-agent-status.js";
import { useDaemonEvents } from "./hooks/use-daemon-events.js";
import { openLineHistory } from "./line-history.js";
import { answerLocally, TUI_COMMANDS } from "./local-commands.js";
import {
  countSettledItems,
  createInitialTuiState,
  type TuiAction,
  tuiReducer,
} from "./tui-state.js";

/** How long to wait between attempts to reach a daemon that went away. */
export const DEFAULT_RECONNECT_DELAY_MS = 1000;

const QUIT_QUESTION =
  "a turn is running — Ctrl-C again cancels it and quits · Esc cancels it and stays";

export interface AppProps {
  client: DaemonClient;
  agentName: string;
  reconnectDelayMs?: number;
  /** Where the input history lives (`.kern/tui-history.jsonl`); null keeps none. */
  historyFile?: string | null;
}

interface SubmitLineOptions {
  client: DaemonClient;
  runningTurnId: string | null;
  cancel: () => void;
  exit: () => void;
  setQuestion: (question: string | null) => void;
  dispatch: (action: TuiAction) => void;
}

/** What Enter does with the input line. */
function useSubmitLine(options: SubmitLineOptions) {
  const { client, runningTurnId, cancel, exit, setQuestion, dispatch } = options;
  const localIds = useRef(0);
  const local = useCallback(
    (command: string, text: string) => dispatch({ type: "local-answer", command, text }),
    [dispatch],
  );
  return useCallback(
    (line: string) => {
      const text = line.trim();
      if (!text) return;
      setQuestion(null);
      // /cancel of a turn we know runs goes straight to it; other commands the runtime knows go
      // to the daemon; the terminal's own and unknown ones are answered here, never by the model.
      if (parseChatCommand(text)?.command === "cancel" && runningTurnId) {
        cancel();
        return;
      }
      if (answerLocally(text, { client, local, exit })) return;
      const localId = ++localIds.current;
      dispatch({ type: "message-send", localId, text: line });
      client.sendMessage({ text: line, interface: "tui" }).then(
        ({ turnId }) => dispatch({ type: "message-accept", localId, turnId }),
        (error: unknown) =>
          dispatch({ type: "message-fail", localId, error: describeError(error) }),
      );
    },
    [client, cancel, runningTurnId, local, exit, setQuestion, dispatch],
  );
}

export function App({
  client,
  agentName,
  reconnectDelayMs = DEFAULT_RECONNECT_DELAY_MS,
  historyFile,
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

  const { exit } = useApp();
  const [question, setQuestion] = useState<string | null>(null);
  const submit = useSubmitLine({ client, runningTurnId, cancel, exit, setQuestion, dispatch });
  // Ctrl-C while a turn runs asks first: quitting would leave the turn running unseen.
  const interrupt = useCallback(() => {
    if (!runningTurnId) return exit();
    if (question === QUIT_QUESTION) {
      cancel();
      return exit();
    }
    setQuestion(QUIT_QUESTION);
  }, [runningTurnId, question, cancel, exit]);
  const history = useMemo(() => openLineHistory(historyFile ?? null), [historyFile]);

  return (
    <Box flexDirection="column">
      <Transcript
        items={state.items}
        settledCount={countSettledItems(state)}
        epoch={state.historyEpoch}
      />
      <StatusLine agentName={agentName} state={state} />
      <InputLine
        onSubmit={submit}
        onEscape={() => {
          setQuestion(null);
          cancel();
        }}
        onInterrupt={interrupt}
        onKey={() => setQuestion(null)}
        commands={TUI_COMMANDS}
        history={history}
      />
      {question ? <Text color="yellow">{question}</Text> : null}
    </Box>
  );
}
