// Above the status line: each person waiting to pair, with the command that lets them in.
import { Box, Text } from "ink";
import type { PendingPairingView } from "../../../client/index.js";

/** At most this many waiting people get a row; the rest are counted. */
export const PAIRING_ROWS = 3;

export function pairingNoticeRows(pending: readonly PendingPairingView[]): number {
  if (pending.length === 0) return 0;
  return Math.min(pending.length, PAIRING_ROWS) + (pending.length > PAIRING_ROWS ? 1 : 0) + 1;
}

export function PairingNotice({ pending }: { pending: readonly PendingPairingView[] }) {
  if (pending.length === 0) return null;
  const more = pending.length - PAIRING_ROWS;
  return (
    <Box flexDirection="column" marginTop={1}>
      {pending.slice(0, PAIRING_ROWS).map((entry) => (
        <Text key={entry.code} color="yellow" wrap="truncate-end">
          {`⚑ ${entry.name} (${entry.userId}) waits to pair — type /pair ${entry.code}`}
        </Text>
      ))}
      {more > 0 ? <Text dimColor>{`  … and ${more} more: kern pair lists them`}</Text> : null}
    </Box>
  );
}
