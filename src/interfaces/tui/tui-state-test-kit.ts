// What the TUI's reducer tests share: an envelope, a run of actions, stream events as actions,
// and the transcript as short lines.
import type { Envelope } from "../../kernel/index.js";
import type { StreamEvent } from "../../protocol/index.js";
import { createInitialTuiState, type TuiAction, type TuiState, tuiReducer } from "./tui-state.js";

export const envelope = (text: string, overrides: Partial<Envelope> = {}): Envelope => ({
  text,
  interface: "tui",
  ts: "2026-01-01T00:00:00Z",
  ...overrides,
});

export function run(actions: TuiAction[], state = createInitialTuiState()): TuiState {
  return actions.reduce(tuiReducer, state);
}

export const events = (...list: StreamEvent[]): TuiAction[] =>
  list.map((event) => ({ type: "stream-event", event }));

export const shown = (state: TuiState) =>
  state.items.map((item) => {
    switch (item.kind) {
      case "user":
        return `user:${item.text}${item.failed ? " (failed)" : ""}`;
      case "tool":
        return `tool:${item.name}:${item.result?.output ?? "…"}`;
      case "notice":
        return `${item.tone}:${item.text}`;
      case "silent":
        return `silent:${item.source}`;
      default:
        return `${item.kind}:${item.text}`;
    }
  });
