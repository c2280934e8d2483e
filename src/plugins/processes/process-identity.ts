// Which process a recorded pid still is: the start time from /proc/PID/stat tells a survivor of
// the last run from a later process the OS gave the same pid (never signal that one).
import { readFileSync } from "node:fs";
import { groupMembers, signalGroup } from "../../runtime/index.js";

export { groupMembers };

/** Field 22 of /proc/PID/stat (start time in clock ticks since boot), or null (no such pid). */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return null; // a zombie runs nothing
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Ends what is left of a recorded group: its leader when it is still the same process (same start
 * time), or the group's other members when the leader is gone (a live group keeps its id from
 * being reused). A pid now owned by another process is left alone. True when something was killed.
 */
export function endRecordedGroup(record: { pid: number; pgid: number; startTicks: string | null }) {
  const now = processStartTicks(record.pid);
  if (now !== null && now !== record.startTicks) return false; // the pid belongs to someone else
  const alive = groupMembers(record.pgid).length > 0;
  signalGroup(record.pgid, "SIGKILL");
  return alive;
}
