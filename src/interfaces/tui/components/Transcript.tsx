// The conversation: settled items are printed once into the terminal's scrollback (ink <Static>),
// so a long chat never redraws; only the running turn's items stay live below them, and messages queued behind it below those.
import { Box, Static } from "ink";
import { isQueued } from "../apply-stream-event.js";
import type { TranscriptItem } from "../transcript-item.js";
import { TranscriptRow } from "./TranscriptRow.js";

export interface TranscriptProps {
  items: TranscriptItem[];
  /** Leading items that can no longer change. */
  settledCount: number;
  /** Changes when the transcript was reloaded: the static part is printed again. */
  epoch: number;
}

export function Transcript({ items, settledCount, epoch }: TranscriptProps) {
  const live = items.slice(settledCount);
  return (
    <>
      <Static key={epoch} items={items.slice(0, settledCount)}>
        {(item) => <TranscriptRow key={item.id} item={item} />}
      </Static>
      <Box flexDirection="column">
        {live
          .filter((item) => !isQueued(item))
          .map((item) => (
            <TranscriptRow key={item.id} item={item} />
          ))}
        {live.filter(isQueued).map((item) => (
          <TranscriptRow key={item.id} item={item} />
        ))}
      </Box>
    </>
  );
}
