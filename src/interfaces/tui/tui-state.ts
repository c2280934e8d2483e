// The terminal's whole state and the reducer that changes it: stream events, history loads, our
// own sends, connection changes and status refreshes. Pure; App.tsx wires it to the daemon.
import { type AgentStatus, parseChatCommand, type SessionMessage } from "../../kernel/index.js";
import type { StreamEvent } from "../../protocol/index.js";
import { applyStreamEvent } from "./apply-stream-event.js";
import type { ConnectionState } from "./format-turn.js";
import { historyToItems } from "./history-to-items.js";
import { appendItems, type Transcript, type TranscriptItem } from "./transcript-item.js";

export interface TuiState extends Transcript {
  connection: ConnectionState;
  /** Why the last connection attempt failed, when it was not simply "nothing answers". */
  connectionError: string | null;
  /** Items from this index on arrived over the current connection; a history load keeps them. */
  liveStart: number;
  /** Bumped by each history load: the transcript is printed again from the top. */
  historyEpoch: number;
  /** The session the printed history belongs to; a reconnect to it prints nothing again. */
  historySession: string | null;
  /** One past the highest seq printed from history. */
  historySeqEnd: number;
  status: AgentStatus | null;
  /** Bumped whenever the status line should be fetched again. */
  statusVersion: number;
}

export type TuiAction =
  | { type: "stream-open" }
  | { type: "stream-close"; error: string | null }
  | { type: "stream-event"; event: StreamEvent }
  | { type: "history-load"; session: string; messages: SessionMessage[] }
  | { type: "status-load"; status: AgentStatus }
  | { type: "message-send"; localId: number; text: string }
  | { type: "message-accept"; localId: number; turnId: string }
  | { type: "message-fail"; localId: number; error: string }
  | { type: "notice-add"; text: string; tone: "info" | "error" }
  | { type: "local-answer"; command: string; text: string };

export function createInitialTuiState(): TuiState {
  return {
    items: [],
    nextId: 1,
    runningTurnId: null,
    connection: "connecting",
    connectionError: null,
    liveStart: 0,
    historyEpoch: 0,
    historySession: null,
    historySeqEnd: 0,
    status: null,
    statusVersion: 0,
  };
}

export function tuiReducer(state: TuiState, action: TuiAction): TuiState {
  switch (action.type) {
    case "stream-open":
      return {
        ...state,
        connection: "connected",
        connectionError: null,
        liveStart: state.items.length,
        statusVersion: state.statusVersion + 1,
      };
    case "stream-close":
      return { ...state, connection: "disconnected", connectionError: action.error };
    case "stream-event":
      return applyEvent(state, action.event);
    case "history-load":
      if (action.session === state.historySession) return appendMissed(state, action.messages);
      return {
        ...loadHistory(state, action.messages),
        historySession: action.session,
        historySeqEnd: seqEnd(action.messages, 0),
      };
    case "status-load":
      return { ...state, status: action.status };
    case "message-send":
    case "message-accept":
    case "message-fail":
      return applyOwnMessage(state, action);
    case "notice-add":
      return appendItems(state, [
        { kind: "notice", turnId: null, text: action.text, tone: action.tone },
      ]);
    case "local-answer":
      return appendItems(state, [
        { kind: "command", turnId: null, command: action.command, text: action.text },
      ]);
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
}

/** How many leading items can no longer change (safe to print once, above the live area). */
export function countSettledItems(state: Pick<TuiState, "items" | "runningTurnId">): number {
  const live = state.items.findIndex((item) => {
    const running = item.turnId !== null && item.turnId === state.runningTurnId;
    if (item.kind !== "user") return running;
    // A job's or heartbeat's prompt stays live from its queueing to its end (unless another turn
    // runs meanwhile: a missed turn-end must not hold the transcript): a NO_REPLY collapses it.
    const waiting = state.runningTurnId === null || running;
    return item.pending || item.queued === true || (item.unattended === true && waiting);
  });
  return live === -1 ? state.items.length : live;
}

/** Our own sends: shown at once as pending, then accepted (with their turn) or failed. */
function applyOwnMessage(
  state: TuiState,
  action: Extract<TuiAction, { type: "message-send" | "message-accept" | "message-fail" }>,
): TuiState {
  switch (action.type) {
    case "message-send":
      return appendItems(state, [
        {
          kind: "user",
          turnId: null,
          text: action.text,
          from: null,
          localId: action.localId,
          pending: true,
          failed: null,
          // Sent while a turn runs: it waits behind it (ADR 0009), unless the runtime answers it
          // at once (a chat command).
          queued: state.runningTurnId !== null && parseChatCommand(action.text) === null,
        },
      ]);
    case "message-accept":
      return updateOwnMessage(state, action.localId, (item) => ({
        ...item,
        turnId: item.turnId ?? action.turnId,
        pending: false,
      }));
    case "message-fail":
      return updateOwnMessage(state, action.localId, (item) => ({
        ...item,
        pending: false,
        queued: false,
        failed: action.error,
      }));
  }
}

function applyEvent(state: TuiState, event: StreamEvent): TuiState {
  const next = { ...state, ...applyStreamEvent(state, event) };
  if (event.type === "memory-update") {
    const status = state.status ? { ...state.status, memory: event.state } : null;
    return { ...next, status, statusVersion: state.statusVersion + 1 };
  }
  if (event.type === "turn-end") return { ...next, statusVersion: state.statusVersion + 1 };
  return next;
}

/**
 * Reconnecting to the same session: the scrollback already holds its history, so only messages
 * past the last known message count (from the status line) are added, never the whole page again.
 */
function appendMissed(state: TuiState, messages: SessionMessage[]): TuiState {
  const known = Math.max(state.status?.session.messages ?? 0, state.historySeqEnd);
  const missed = messages.filter((message) => message.seq >= known);
  if (missed.length === 0) return state;
  return { ...appendItems(state, historyToItems(missed)), historySeqEnd: seqEnd(missed, known) };
}

function seqEnd(messages: readonly SessionMessage[], floor: number): number {
  return messages.reduce((end, message) => Math.max(end, message.seq + 1), floor);
}

function loadHistory(state: TuiState, messages: SessionMessage[]): TuiState {
  const live = state.items.slice(state.liveStart);
  const fresh = appendItems({ items: [], nextId: state.nextId, runningTurnId: null }, [
    ...historyToItems(messages),
  ]);
  return {
    ...state,
    items: [...fresh.items, ...live],
    nextId: fresh.nextId,
    // A turn still running shows itself again through its next event.
    runningTurnId: live.some((item) => item.turnId === state.runningTurnId)
      ? state.runningTurnId
      : null,
    liveStart: fresh.items.length,
    historyEpoch: state.historyEpoch + 1,
  };
}

type UserItem = Extract<TranscriptItem, { kind: "user" }>;

function updateOwnMessage(
  state: TuiState,
  localId: number,
  update: (item: UserItem) => UserItem,
): TuiState {
  const index = state.items.findIndex((item) => item.kind === "user" && item.localId === localId);
  const item = state.items[index];
  if (item?.kind !== "user") return state;
  return { ...state, items: state.items.with(index, update(item)) };
}
