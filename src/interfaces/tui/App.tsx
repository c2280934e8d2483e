// The terminal chat: transcript, status line and input line over one DaemonClient. State lives in
// tui-state.ts (pure); this file wires keys and daemon calls to it.
import { Box, Text, useApp } from "ink";
import { useCallback, useMemo, useReducer, useRef, useState } from "react";
import type { DaemonClient } from "../../client/index.js";
import { describeError, parseChatCommand } from "../../kernel/index.js";
import { InputLine } from "./components/InputLine.js";
import { PairingNotice, pairingNoticeRows } from "./components/PairingNotice.js";
import { STATUS_LINE_ROWS, StatusLine } from "./components/StatusLine.js";
import { Transcript } from "./components/Transcript.js";
import { useAgentStatus } from "./hooks/use-agent-status.js";
import { useDaemonCommands } from "./hooks/use-daemon-commands.js";
import { useDaemonEvents } from "./hooks/use-daemon-events.js";
import { usePendingPairings } from "./hooks/use-pending-pairings.js";
import { useTerminalSize } from "./hooks/use-terminal-size.js";
import { openLineHistory } from "./line-history.js";
import { countTextRows } from "./live-rows.js";
import { answerLocally, isHelp, TERMINAL_HELP, tuiCommands } from "./local-commands.js";
import type { TranscriptItem } from "./transcript-item.js";
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
  /** Answers a command in the terminal itself (a /pair answer also asks who still waits). */
  local: (command: string, text: string) => void;
  /** The daemon's chat commands, once known. */
  daemonCommands: readonly string[] | null;
  /** The transcript: /expand shows the last silent turn's prompt from it. */
  items: readonly TranscriptItem[];
}

/** What Enter does with the input line. */
function useSubmitLine(options: SubmitLineOptions) {
  const { client, runningTurnId, cancel, exit, setQuestion, dispatch, local, daemonCommands } =
    options;
  const { items } = options;
  const localIds = useRef(0);
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
      if (answerLocally(text, { client, local, exit, daemonCommands, items })) return;
      const localId = ++localIds.current;
      dispatch({ type: "message-send", localId, text: line });
      if (isHelp(text)) local("", TERMINAL_HELP);
      client.sendMessage({ text: line, interface: "tui" }).then(
        ({ turnId }) => dispatch({ type: "message-accept", localId, turnId }),
        (error: unknown) =>
          dispatch({ type: "message-fail", localId, error: describeError(error) }),
      );
    },
    [client, cancel, runningTurnId, local, exit, setQuestion, dispatch, daemonCommands, items],
  );
}

/** The turn to cancel: the one we saw start, else the one the daemon last reported running. */
function useCancelRunning(
  client: DaemonClient,
  state: ReturnType<typeof createInitialTuiState>,
  dispatch: (action: TuiAction) => void,
) {
  const runningTurnId = state.runningTurnId ?? state.status?.queue.running ?? null;
  const cancel = useCallback(() => {
    if (!runningTurnId) return;
    client.cancelTurn(runningTurnId).then(
      () => undefined, // the turn-end event tells the outcome
      (error: unknown) =>
        dispatch({ type: "notice-add", tone: "error", text: `cancel: ${describeError(error)}` }),
    );
  }, [client, runningTurnId, dispatch]);
  return { runningTurnId, cancel };
}

/** Who waits to pair; a /pair answer asks again at once. */
function usePairingWatch(
  client: DaemonClient,
  state: ReturnType<typeof createInitialTuiState>,
  dispatch: (action: TuiAction) => void,
) {
  const [pairVersion, setPairVersion] = useState(0);
  const local = useCallback(
    (command: string, text: string) => {
      dispatch({ type: "local-answer", command, text });
      if (command === "pair") setPairVersion((version) => version + 1);
    },
    [dispatch],
  );
  const pendingPairings = usePendingPairings({
    client,
    connected: state.connection === "connected",
    version: state.statusVersion + pairVersion,
  });
  return { local, pendingPairings };
}

/**
 * Ctrl-C while a turn runs asks first: quitting would leave the turn running unseen. A second
 * Ctrl-C cancels and quits; Esc cancels the turn and drops the question.
 */
function useQuitQuestion(runningTurnId: string | null, cancel: () => void, exit: () => void) {
  const [question, setQuestion] = useState<string | null>(null);
  const interrupt = useCallback(() => {
    if (!runningTurnId) return exit();
    if (question === QUIT_QUESTION) {
      cancel();
      return exit();
    }
    setQuestion(QUIT_QUESTION);
  }, [runningTurnId, question, cancel, exit]);
  const cancelAndStay = useCallback(() => {
    setQuestion(null);
    cancel();
  }, [cancel]);
  return { question, setQuestion, interrupt, cancelAndStay };
}

/**
 * The live transcript gets the rows the status and input lines leave, less the row ink's cursor
 * sits on under them and one row of slack.
 */
function useLiveRows(
  pendingPairings: Parameters<typeof pairingNoticeRows>[0],
  question: string | null,
) {
  const { rows, columns } = useTerminalSize();
  const [inputRows, setInputRows] = useState(1);
  const questionRows = question ? countTextRows(question, columns) : 0;
  const maxLiveRows =
    rows - STATUS_LINE_ROWS - pairingNoticeRows(pendingPairings) - inputRows - questionRows - 2;
  return { columns, maxLiveRows, setInputRows };
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
  const { runningTurnId, cancel } = useCancelRunning(client, state, dispatch);
  const { exit } = useApp();
  const quit = useQuitQuestion(runningTurnId, cancel, exit);
  const { local, pendingPairings } = usePairingWatch(client, state, dispatch);
  const daemonCommands = useDaemonCommands(client, state.connection === "connected");
  const commands = useMemo(() => tuiCommands(daemonCommands), [daemonCommands]);
  const submit = useSubmitLine({
    client,
    runningTurnId,
    cancel,
    exit,
    setQuestion: quit.setQuestion,
    dispatch,
    local,
    daemonCommands,
    items: state.items,
  });
  const history = useMemo(() => openLineHistory(historyFile ?? null), [historyFile]);
  const { columns, maxLiveRows, setInputRows } = useLiveRows(pendingPairings, quit.question);

  return (
    <Box flexDirection="column">
      <Transcript
        items={state.items}
        settledCount={countSettledItems(state)}
        epoch={state.historyEpoch}
        maxLiveRows={maxLiveRows}
        columns={columns}
      />
      <PairingNotice pending={pendingPairings} />
      <StatusLine agentName={agentName} state={state} columns={columns} />
      <InputLine
        onSubmit={submit}
        onEscape={quit.cancelAndStay}
        onInterrupt={quit.interrupt}
        onKey={() => quit.setQuestion(null)}
        commands={commands}
        history={history}
        columns={columns}
        onRows={setInputRows}
      />
      {quit.question ? <Text color="yellow">{quit.question}</Text> : null}
    </Box>
  );
}
