// A silent unattended turn (a job or heartbeat run that answered exactly `NO_REPLY`) collapses
// to one dim line: at the default heartbeat interval there are 48 of them a day, and each would
// otherwise show its whole prompt and a `NO_REPLY` reply (issue 48 item 2). Pure.
import type { NewTranscriptItem, TranscriptItem } from "./transcript-item.js";

type Item = TranscriptItem | NewTranscriptItem;

/** `heartbeat: nothing to report (NO_REPLY)`, `job backups: nothing to report (NO_REPLY)`. */
export function silentLine(source: string): string {
  return `${source}: nothing to report (NO_REPLY)`;
}

/**
 * Replaces every item of `turnId` by one silent item where the first of them stood (at the end
 * when none is shown yet). Its source is the turn's sender (`job · backups` → `job backups`), else
 * its kind.
 */
export function collapseSilentTurn<T extends Item>(
  items: readonly T[],
  turnId: string,
  kind: string | undefined,
  make: (item: Extract<NewTranscriptItem, { kind: "silent" }>) => T,
): T[] {
  const first = items.findIndex((item) => item.turnId === turnId);
  const user = items.find((item) => item.turnId === turnId && item.kind === "user");
  const from = user?.kind === "user" ? user.from : null;
  const source = from ? from.replace(" · ", " ") : (kind ?? "turn");
  const prompt = user?.kind === "user" ? user.text : "";
  const silent = make({ kind: "silent", turnId, source, prompt });
  if (first === -1) return [...items, silent];
  const rest = items.filter((item) => item.turnId !== turnId);
  return [...rest.slice(0, first), silent, ...rest.slice(first)];
}
