// The line under the transcript: connection state, agent, model, session size, memory, key hints.
import { Box, Text } from "ink";
import { formatStatusLine } from "../format-turn.js";
import type { TuiState } from "../tui-state.js";

export interface StatusLineProps {
  agentName: string;
  state: Pick<TuiState, "connection" | "connectionError" | "status" | "runningTurnId">;
}

export function StatusLine({ agentName, state }: StatusLineProps) {
  const parts = formatStatusLine({
    agentName,
    connection: state.connection,
    connectionError: state.connectionError,
    status: state.status,
    turnRunning: state.runningTurnId !== null,
  });
  return (
    <Box marginTop={1} flexWrap="wrap" columnGap={1}>
      <Text color={state.connection === "connected" ? "green" : "yellow"}>{parts.indicator}</Text>
      <Text dimColor>{`· ${parts.details}`}</Text>
      <Text dimColor>{`· ${parts.hint}`}</Text>
    </Box>
  );
}
