// At start: the background commands the last run left in .kern/processes.json were running when
// the daemon died or stopped. Their groups are ended (only where the pid is still theirs) and each
// gets a notice for the session.
import { endRecordedGroup } from "./process-identity.js";
import type { ProcessRecord } from "./process-records.js";

export interface InterruptedProcess {
  record: ProcessRecord;
  /** True when processes of its group were still alive and were killed now. */
  killedSurvivors: boolean;
}

export function endLeftoverProcesses(records: readonly ProcessRecord[]): InterruptedProcess[] {
  return records.map((record) => ({ record, killedSurvivors: endRecordedGroup(record) }));
}

/** The text of the `process` turn that tells the session a command was interrupted. */
export function interruptedNotice(item: InterruptedProcess): string {
  const { record } = item;
  return [
    `background command ${record.id} was interrupted: the daemon stopped or crashed while it ran (started ${record.startedAt}).`,
    `command: ${record.command}`,
    item.killedSurvivors
      ? "Processes of it that were still alive were ended at this start."
      : "None of its processes was still alive.",
    `Its output so far is in ${record.outputFile}. It did not finish: run it again if it is still needed.`,
  ].join("\n");
}

/** The text of the `process` turn for a command that ended. */
export function endedNotice(end: {
  view: {
    id: string;
    command: string;
    state: string;
    exitCode: number | null;
    signal: string | null;
  };
  tail: string;
}): string {
  const { view } = end;
  const how =
    view.state === "stopped"
      ? `was stopped (${view.signal ?? `exit code ${view.exitCode}`})`
      : view.state === "failed"
        ? "failed to start"
        : view.exitCode !== null
          ? `exited with code ${view.exitCode}`
          : `was ended by ${view.signal}`;
  const tail = end.tail.trim() === "" ? "(no output)" : end.tail;
  return `background command ${view.id} ${how}.\ncommand: ${view.command}\noutput (tail):\n${tail}`;
}
