// The line under the transcript: connection state, agent, model, session size, memory, key hints.
// One row at any width: the details are shortened first, so the key hints stay visible.
import { Box, Text } from "ink";
import { fitStatusLine, formatStatusLine } from "../format-turn.js";
import type { TuiState } from "../tui-state.js";

export interface StatusLineProps {
  agentName: string;
  state: Pick<TuiState, "connection" | "connectionError" | "status" | "runningTurnId">;
  columns?: number;
}

/** Rows the status line takes (its top margin included). */
export const STATUS_LINE_ROWS = 2;

export function StatusLine({ agentName, state, columns = 80 }: StatusLineProps) {
  const parts = fitStatusLine(
    formatStatusLine({
      agentName,
      connection: state.connection,
      connectionError: state.connectionError,
      status: state.status,
      turnRunning: state.runningTurnId !== null,
    }),
    columns,
  );
  return (
    <Box marginTop={1}>
      <Text wrap="truncate-end">
        <Text color={state.connection === "connected" ? "green" : "yellow"}>{parts.indicator}</Text>
        <Text dimColor>{parts.details ? ` · ${parts.details}` : ""}</Text>
        <Text dimColor>{` · ${parts.hint}`}</Text>
      </Text>
    </Box>
  );
}
