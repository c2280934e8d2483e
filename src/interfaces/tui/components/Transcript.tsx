// The conversation: settled items are printed once into the terminal's scrollback (ink <Static>),
// so a long chat never redraws; only the running turn's items stay live below them, and messages
// queued behind it below those. The live part never grows past `maxLiveRows`: a taller one shows
// its newest rows (the whole reply is printed once it settles), see live-rows.ts.
import { Box, Static } from "ink";
import { isQueued } from "../apply-stream-event.js";
import { countItemsRows } from "../live-rows.js";
import type { TranscriptItem } from "../transcript-item.js";
import { TranscriptRow } from "./TranscriptRow.js";

export interface TranscriptProps {
  items: TranscriptItem[];
  /** Leading items that can no longer change. */
  settledCount: number;
  /** Changes when the transcript was reloaded: the static part is printed again. */
  epoch: number;
  /** The most rows the live part may take; Infinity when not drawing to a terminal. */
  maxLiveRows?: number;
  columns?: number;
}

export function Transcript({
  items,
  settledCount,
  epoch,
  maxLiveRows = Number.POSITIVE_INFINITY,
  columns = 80,
}: TranscriptProps) {
  const live = [
    ...items.slice(settledCount).filter((item) => !isQueued(item)),
    ...items.slice(settledCount).filter(isQueued),
  ];
  const tall = Number.isFinite(maxLiveRows) && countItemsRows(live, columns) > maxLiveRows;
  return (
    <>
      <Static key={epoch} items={items.slice(0, settledCount)}>
        {(item) => <TranscriptRow key={item.id} item={item} />}
      </Static>
      <Box
        flexDirection="column"
        {...(tall
          ? { height: Math.max(1, maxLiveRows), overflow: "hidden", justifyContent: "flex-end" }
          : {})}
      >
        <Box flexDirection="column" flexShrink={0}>
          {live.map((item) => (
            <TranscriptRow key={item.id} item={item} />
          ))}
        </Box>
      </Box>
    </>
  );
}
